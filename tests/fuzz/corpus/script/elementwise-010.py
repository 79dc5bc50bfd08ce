y = a * b.t()
z = a[::2] * c.expand(2, 5)
w = a * 3
v = torch.mul(a, c)
