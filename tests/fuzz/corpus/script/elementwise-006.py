y = a - c
z = torch.sub(a, b, alpha=2)
w = a.transpose(1, 2) - c.t()
v = a[:, ::2, 1:] - 0.25
