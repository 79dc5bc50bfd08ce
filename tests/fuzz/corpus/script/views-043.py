y = torch.transpose(input=a, dim0=0, dim1=1)
z = a.flatten(end_dim=1, start_dim=0)
w = a.narrow(dim=2, start=1, length=2)
