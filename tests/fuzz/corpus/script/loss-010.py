y = F.smooth_l1_loss(a[1::2], b, beta=0.3)
n = F.smooth_l1_loss(b.expand(3, 6), a[::2], reduction='none')
e = F.smooth_l1_loss(c, c)
