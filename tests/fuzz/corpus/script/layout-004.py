y = (a.t() * c.unsqueeze(1)).t().contiguous().view(-1).sum()
