y = torch.stack([a, b])
