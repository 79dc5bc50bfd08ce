y = torch.gather(x, 1, i)
z = torch.gather(s, 0, k)
