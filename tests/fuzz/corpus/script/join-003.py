y = torch.cat([a.t(), a[:, ::2].t()], 0)
z = torch.cat([b[:, :, 0], a[::2]], 0)
w = torch.cat([a[:1].expand(3, 4), a], 1)
