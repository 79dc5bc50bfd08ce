y = F.l1_loss(a, a)
s = F.l1_loss(a, a, reduction='sum')
