y = torch.add(a, b, alpha=2) - c * a / b
z = 2 - a
w = (a * 3 + 1) / 2
s = (y * y).sum() + z.sum() + w.sum()
