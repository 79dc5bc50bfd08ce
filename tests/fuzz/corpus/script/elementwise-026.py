y = torch.reciprocal(p)
z = d.reciprocal()
w = torch.reciprocal(i)
v = 2 / p.t()
