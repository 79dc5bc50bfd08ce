y = torch.zeros(100000, 100000)
