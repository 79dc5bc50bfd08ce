y = F.cross_entropy(x, p)
