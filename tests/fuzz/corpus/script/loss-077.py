y = F.cross_entropy(x, p) + F.cross_entropy(x.t().t(), p, weight=w, label_smoothing=0.2)
