y = a.max(1)[0]
z = a.min(-1, keepdim=True)[0]
w = torch.max(b.t(), dim=1)[0]
v = torch.min(b[:, 1::2], 0, True)[0]
s = (y * y).sum() + (z * z).sum() + w.sum() + v.sum() + a.max() + b.t().min()
