y = torch.clamp(a, lo, hi)
z = torch.clamp(a, min=lo)
w = torch.clamp(a.t(), max=hi.t())
v = a.clamp(lo.expand(3, 4), hi)
