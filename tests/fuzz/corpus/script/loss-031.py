y = F.binary_cross_entropy_with_logits(x, t, pos_weight=pw)
