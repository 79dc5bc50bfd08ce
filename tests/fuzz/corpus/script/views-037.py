y = a.double()
z = a.long()
w = a.to(torch.float64)
v = i.float()
u = m.long()
q = i.bool()
r = a.to(dtype=torch.int64).bool()
p = i.to(torch.float32).dtype == torch.float32
o = a.t().double()
