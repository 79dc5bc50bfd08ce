y = a.sum([]) * a
z = c.sum(0) * c.sum()
s = (y * a.t().sum(1, keepdim=True).t()).sum() + z
