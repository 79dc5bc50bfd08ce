u = a.t() + b
v = b + a.t()
y = u.contiguous().sum() + v.contiguous().sum() + u.t().reshape(-1).sum() + v.reshape(-1).sum()
