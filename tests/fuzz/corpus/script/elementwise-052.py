y = a ** 2 + a ** e + torch.pow(2.5, e) + a ** 0.5
s = y.sum()
