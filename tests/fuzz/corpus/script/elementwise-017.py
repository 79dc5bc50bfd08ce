y = a ** 2
z = a ** 0.5
w = a ** b
v = torch.pow(a, -1)
u = a.t() ** 3
t = torch.pow(2.5, a)
