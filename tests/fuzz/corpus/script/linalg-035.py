y = torch.mm(a, b)
s = y.sum()
