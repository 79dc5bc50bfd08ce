y = torch.cat([a, b])
z = torch.cat((a, c), 1)
w = torch.cat([a, c], dim=-1)
