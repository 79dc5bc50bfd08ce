y = (a.t() * b.t() + 1).contiguous().t().reshape(-1).sum()
