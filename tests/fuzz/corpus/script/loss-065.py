y = F.cross_entropy(x, t, weight=w, label_smoothing=0.25)
