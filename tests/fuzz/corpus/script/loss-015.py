y = F.huber_loss(a.t()[::2], b[::2], delta=0.6)
n = F.huber_loss(b[:6], a[2], reduction='none')
e = F.huber_loss(c, c, reduction='sum')
