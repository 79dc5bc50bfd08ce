y = (a * b).mean(1)
z = a.transpose(0, 2).mean((0, 1), keepdim=True)
w = torch.mean(b.expand(4, 3), dim=-1)
s = (y * y).mean() + (z * z).sum() + (w * w).sum() + a[::2, 1:].mean()
