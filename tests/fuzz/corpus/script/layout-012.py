z = torch.zeros_like(a.t()).t().view(-1)
o = torch.ones_like(a.t()).t().view(-1)
f = torch.full_like(a.t(), 2.5).t().view(-1)
