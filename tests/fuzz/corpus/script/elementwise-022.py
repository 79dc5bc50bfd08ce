y = torch.abs(m)
