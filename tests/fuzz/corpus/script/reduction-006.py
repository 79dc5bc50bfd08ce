y = a.sum((0, -2))
