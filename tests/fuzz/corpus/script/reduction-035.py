s = a.var(1, True, True).sum() + a.t().std(1).sum() + a.var()
