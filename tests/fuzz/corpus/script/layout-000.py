y = a.t().exp().t().view(-1).sum()
