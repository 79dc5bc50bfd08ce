y = torch.where(i, a, a)
