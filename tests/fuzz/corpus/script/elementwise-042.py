y = a > 0
z = torch.eq(a, a)
