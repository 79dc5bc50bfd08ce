y = i ** 2
z = i ** e
w = torch.pow(i, 2.0)
v = torch.pow(2, e)
