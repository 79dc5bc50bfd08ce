y = F.batch_norm(x, rm, rv, w, b)
z = F.batch_norm(x.t().t()[::2], rm, rv, bias=b, eps=0.01)
s = (y * y).sum() + (z * z * z).sum()
