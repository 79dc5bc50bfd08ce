y = F.cross_entropy(x, t, label_smoothing=0.2)
