y = a / b
z = a.t() / c.t()
w = a / 4
v = torch.div(a, c)
