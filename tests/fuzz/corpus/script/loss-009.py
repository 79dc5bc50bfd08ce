y = F.smooth_l1_loss(a, b)
h = F.smooth_l1_loss(a, b, beta=0.5)
z = F.smooth_l1_loss(a, b, beta=0.0, reduction='sum')
n = F.smooth_l1_loss(a, b, reduction='none', beta=2.0)
