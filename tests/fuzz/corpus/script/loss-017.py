y = F.huber_loss(a, b, reduction='sum', delta=1.3)
