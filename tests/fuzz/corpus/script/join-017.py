p = torch.split(x, [1, 3, 2])
q = torch.chunk(x, 2, 1)
loss = (p[1] * p[1]).sum() + (q[0] * p[0][:, :2]).sum()
