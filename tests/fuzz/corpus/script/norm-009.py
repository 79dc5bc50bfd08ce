y = F.layer_norm(x, (2,))
