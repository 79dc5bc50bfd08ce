y = a.reshape(6, -1)
s = y.stride()
z = torch.reshape(a, (4, 6))
