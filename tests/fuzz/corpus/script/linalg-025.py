y = torch.bmm(a.expand(4, 2, 3), b)
