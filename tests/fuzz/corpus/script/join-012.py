p = torch.split(x, [1, 2])
