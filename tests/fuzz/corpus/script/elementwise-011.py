y = i * m
z = m * m
w = m * 2.5
v = i * d
u = d.mul(2)
