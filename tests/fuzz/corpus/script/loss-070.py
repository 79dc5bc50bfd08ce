y = F.cross_entropy(x, t)
