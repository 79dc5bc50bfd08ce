y = (x.masked_select(m) ** 2).sum() + x.masked_select(x > 0.5).sum()
