y = F.binary_cross_entropy(a, t)
