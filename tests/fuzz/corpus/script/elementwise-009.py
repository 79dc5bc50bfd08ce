y = 2 - a
z = torch.rsub(a, b)
w = torch.rsub(a, 1.5, alpha=2)
