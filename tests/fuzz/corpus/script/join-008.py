y = torch.stack([a, a], 1)
