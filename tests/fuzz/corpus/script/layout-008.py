c = a.t().clone()
y = c.t().view(-1).sum() + c.contiguous().sum()
