y = torch.stack([a.t(), b])
z = torch.stack([i, b], 2)
