y = F.batch_norm(x, rm, rv, w, b, training=True, momentum=0.2)
z = F.batch_norm(x.transpose(0, 2), None, None, training=True)
v = F.batch_norm(x[::2], None, None, weight=w, training=True, eps=0.1)
s = (y * r).sum() + (z * z * z).sum() + (v * v).sum()
