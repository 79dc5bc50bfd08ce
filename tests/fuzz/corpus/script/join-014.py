p = torch.chunk(x, 2)
q = torch.chunk(y.t(), 3)
