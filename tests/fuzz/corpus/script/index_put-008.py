y = (x.index_put((m,), v) ** 2).sum()
