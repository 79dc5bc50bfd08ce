y = F.layer_norm(x.t(), (6,))
z = F.layer_norm(x[::2, 1::2], [4])
w = F.layer_norm(e, (5,))
