y = torch.reciprocal(a) + 1 / a
s = (y * y).sum()
