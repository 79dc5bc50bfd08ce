y = F.nll_loss(x, t, weight=w)
