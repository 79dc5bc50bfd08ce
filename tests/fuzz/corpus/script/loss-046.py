y = F.nll_loss(x, t)
