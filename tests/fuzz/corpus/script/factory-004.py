y = torch.arange(0, 5, 0)
