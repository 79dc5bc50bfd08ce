y = x.masked_select(k)
