y = x.index_put((r,), v).tanh().sum()
