y = F.layer_norm(x, (8,), w, b)
z = F.layer_norm(x, [8], weight=w)
v = F.layer_norm(x, (8,), bias=b, eps=1e-3)
