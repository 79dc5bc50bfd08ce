y = F.binary_cross_entropy(p.t(), t.double(), weight=w)
n = F.binary_cross_entropy(p[::2], t.t()[::2].double(), reduction='none')
z = F.binary_cross_entropy(e, e)
