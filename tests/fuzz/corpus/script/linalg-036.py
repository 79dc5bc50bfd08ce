y = torch.bmm(a, b)
s = y.sum()
