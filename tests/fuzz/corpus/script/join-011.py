p = torch.split(x.t(), 4)
q = torch.split(e, 2)
