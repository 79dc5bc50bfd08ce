y = F.layer_norm(x, (4, 5), w, b)
z = F.layer_norm(x, [3, 4, 5])
v = F.layer_norm(x.transpose(1, 3), (4, 3), eps=0.1)
