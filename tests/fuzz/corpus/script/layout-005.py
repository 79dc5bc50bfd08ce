m = a.t() > 0
w = torch.where(m, a.t(), b * 2)
y = w.t().contiguous().sum() + w.contiguous().sum()
