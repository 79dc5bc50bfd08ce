y = F.nll_loss(x, t, ignore_index=0)
