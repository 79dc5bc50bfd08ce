y = a @ b
s = (y * y).sum()
