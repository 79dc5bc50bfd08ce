y = F.smooth_l1_loss(a, b, beta=0.8)
