y = a + b.expand(2, 3)
z = a + c
w = c + 2.5
v = 1 + a
