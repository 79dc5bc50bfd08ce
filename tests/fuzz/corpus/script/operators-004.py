y1 = a @ a.t()
y2 = a @ b
y3 = c @ d
