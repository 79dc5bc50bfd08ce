y = F.cross_entropy(x, t, weight=w, ignore_index=2, label_smoothing=0.3)
