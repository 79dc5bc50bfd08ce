y = a.permute(2, 0, 1)
z = a.permute((1, 2, 0))
w = torch.permute(a, (0, 2, 1))
s = y.stride()
v = a.T
u = a[:, 0].T
