y = F.batch_norm(x, rm, rv, w, b, training=True, momentum=0.3)
mean_after = rm
var_after = rv
