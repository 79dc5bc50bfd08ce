y = F.cross_entropy(x, t, weight=w, ignore_index=1)
