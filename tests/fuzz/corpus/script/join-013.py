p = torch.chunk(x, 4)
q = x.chunk(2, 1)
r = torch.chunk(x, chunks=3, dim=-1)
