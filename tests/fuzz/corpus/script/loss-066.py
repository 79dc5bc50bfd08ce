y = F.cross_entropy(x, t, weight=w, ignore_index=1, label_smoothing=0.1) + F.cross_entropy(x.transpose(1, 2).transpose(1, 2), t, label_smoothing=0.5, reduction='none').mean()
