y = F.batch_norm(x, rm, rv, w, b)
z = F.batch_norm(x[::2], rm, rv, bias=b, eps=0.01)
m = rm
v = rv
