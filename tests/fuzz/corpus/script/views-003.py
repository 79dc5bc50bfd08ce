y = a.t().view(12)
