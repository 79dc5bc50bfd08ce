y = a + b.t()[:1, :]
z = a + b.t()
w = torch.add(a, b.t()[::2], alpha=2)
v = a.add(b[:, 1], alpha=-0.5)
