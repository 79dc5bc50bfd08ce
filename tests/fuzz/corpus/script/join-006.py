y = torch.stack([a, b])
z = torch.stack((a, b), 1)
w = torch.stack([a, b, a], dim=-1)
