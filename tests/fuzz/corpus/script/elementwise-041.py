y = a > b
z = a >= d
w = a < 0.5
v = torch.le(a, 0)
u = i == 0
t = i != b
s = torch.gt(a, b)
r = torch.ge(i, 0.5)
q = torch.lt(a[::2], d[::2])
p = torch.eq(i, i)
o = torch.ne(a, a.t().t())
