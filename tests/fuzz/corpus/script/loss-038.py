y = F.nll_loss(x, t, weight=w, ignore_index=2)
