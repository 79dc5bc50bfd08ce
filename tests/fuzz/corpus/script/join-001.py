y = torch.cat([a, b])
z = torch.cat([a, c], 0)
w = torch.cat([m, b])
