y = torch.zeros(2, -1)
