y = a.sum(2)
