y = torch.gather(x, 1, i)
z = x.gather(0, j)
w = torch.gather(x, -1, k)
l = torch.gather(x[:2], 1, k.t())
