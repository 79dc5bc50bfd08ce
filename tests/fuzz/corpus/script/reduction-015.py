y = i.var()
