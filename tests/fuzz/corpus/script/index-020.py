y = torch.gather(x, 1, i)
