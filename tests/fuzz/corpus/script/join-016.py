y = torch.cat([a, b, a])
s = torch.stack([a, b[1:3]], 1)
loss = (y * y).sum() + (s * s * s).sum()
