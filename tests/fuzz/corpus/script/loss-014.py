y = F.huber_loss(a, b)
h = F.huber_loss(a, b, delta=0.5)
s = F.huber_loss(a, b, reduction='sum', delta=2.0)
n = F.huber_loss(a, b, reduction='none', delta=0.7)
