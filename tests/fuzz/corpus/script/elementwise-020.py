y = -a
z = torch.neg(a.t())
w = torch.abs(a[::2])
v = -i
u = torch.abs(i)
t = d.abs()
