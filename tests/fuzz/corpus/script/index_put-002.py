y = x.masked_select(m).exp().sum() + x.t().masked_select(m.t()[:, :1]).sum()
