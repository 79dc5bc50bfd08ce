y = a.expand(3, 4)
