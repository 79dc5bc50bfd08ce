y1 = a > 0
y2 = 0 < a
y3 = a <= b
y4 = i == 1
y5 = i != a.long()
y6 = a >= 0.5
y7 = (a > 0) == (b < 0)
