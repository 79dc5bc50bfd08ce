y = F.batch_norm(x, None, None, training=True)
z = F.batch_norm(x, None, None, w, None, True, 0.1, 1e-3)
v = F.batch_norm(x.t().t(), None, None, training=True, eps=0.5)
