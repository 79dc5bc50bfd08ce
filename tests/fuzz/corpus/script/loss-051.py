y = F.l1_loss(a, b)
