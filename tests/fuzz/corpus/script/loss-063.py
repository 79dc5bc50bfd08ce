y = (F.cross_entropy(x, t, weight=w, label_smoothing=0.3, ignore_index=t[2].item(), reduction='none') ** 2).sum()
