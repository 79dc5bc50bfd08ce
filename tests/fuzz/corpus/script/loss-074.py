y = F.cross_entropy(x, p, ignore_index=1)
