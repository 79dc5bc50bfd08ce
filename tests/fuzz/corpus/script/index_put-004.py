y = x.masked_select(m)
