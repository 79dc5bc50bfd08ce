y = (a * b).prod(1)
z = a.t().prod(0, keepdim=True)
w = torch.prod(a[::2], -1, keepdim=False)
s = y.sum() + (z * z).sum() + w.sum() + b.prod() + a.prod()
