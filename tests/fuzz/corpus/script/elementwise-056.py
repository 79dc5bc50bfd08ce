y = (a * 1).add_(b, alpha=2).mul_(b).div_(b * 2).sub_(1)
z = (a * 0).copy_(b)
s = (y * y).sum() + z.sum()
