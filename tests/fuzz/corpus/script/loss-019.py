y = F.binary_cross_entropy(p, t)
s = F.binary_cross_entropy(p, t, reduction='sum')
n = F.binary_cross_entropy(p, t, weight=w, reduction='none')
m = F.binary_cross_entropy(p, t, w)
