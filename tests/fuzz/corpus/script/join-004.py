y = torch.cat([a, b])
