y = i + a
z = i + 2.5
w = m + m
v = m + 1
u = i + d
t = a + d
s = torch.add(i, i, alpha=3)
r = i + True
