y = F.binary_cross_entropy_with_logits(x, t)
s = F.binary_cross_entropy_with_logits(x, t, reduction='sum', pos_weight=pw)
n = F.binary_cross_entropy_with_logits(x, t, w, reduction='none')
m = F.binary_cross_entropy_with_logits(x, t, weight=w, pos_weight=pw)
