y = F.binary_cross_entropy(p, t, reduction='sum')
