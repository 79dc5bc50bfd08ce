y = a.t()
z = b.t()
w = torch.t(c)
s = w.stride()
