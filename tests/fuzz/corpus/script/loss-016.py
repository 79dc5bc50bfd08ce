y = F.huber_loss(a, b, delta=0.9)
