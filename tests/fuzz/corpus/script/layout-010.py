v = a.t().index_put((k,), a.t()[:1] * 3, accumulate=True)
y = v.t().reshape(-1).sum() + v.contiguous().sum()
