y = torch.mm(a, b)
