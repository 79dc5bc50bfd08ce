y = torch.bmm(a, b)
