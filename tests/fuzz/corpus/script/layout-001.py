y = a.t().exp().view(-1)
