y = F.layer_norm(x, (3,), w)
