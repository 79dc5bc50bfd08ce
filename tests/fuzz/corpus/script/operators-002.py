y1 = a + b
y2 = a * s
y3 = i - a
y4 = a / b.float()
y5 = s * i
y6 = a.transpose(0, 2)[::2] * 3 - b[:1]
