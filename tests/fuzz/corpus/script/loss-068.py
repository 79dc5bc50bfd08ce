y = F.cross_entropy(x, p, reduction='sum', label_smoothing=0.1)
