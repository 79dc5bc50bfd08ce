y = a.expand(3, 4).reshape(12)
z = a.expand(3, 4).t()[1:]
