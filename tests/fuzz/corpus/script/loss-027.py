y = F.binary_cross_entropy_with_logits(x.t() * 300.0, t.double(), pos_weight=pw)
n = F.binary_cross_entropy_with_logits(x[::2], t.t()[::2].double(), reduction='none')
z = F.binary_cross_entropy_with_logits(e, e, pos_weight=pw)
