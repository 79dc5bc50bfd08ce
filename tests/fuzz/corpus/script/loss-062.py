y = F.cross_entropy(x, t, weight=w, label_smoothing=0.15, ignore_index=t[1].item())
