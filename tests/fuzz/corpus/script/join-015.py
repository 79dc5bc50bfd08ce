p = torch.chunk(x, 0)
