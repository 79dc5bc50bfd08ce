y = a.double()
z = a.to(torch.float64)
