y = F.smooth_l1_loss(a, a, beta=-1.0)
