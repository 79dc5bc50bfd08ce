d = a.t().to(torch.float64)
y = d.t().view(-1).sum() + d.contiguous().sum()
