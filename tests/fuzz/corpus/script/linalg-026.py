y = torch.bmm(a, b)
z = torch.bmm(c, d)
