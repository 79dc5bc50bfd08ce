y = torch.cat([e, a, e])
u = torch.cat([z, a])
v = torch.cat([e, e])
