y = a.expand(4, 3) @ b.expand(3, 5)
