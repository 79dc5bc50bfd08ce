y = F.batch_norm(x, rm, rv, training=True)
m = rm
