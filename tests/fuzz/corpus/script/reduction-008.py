y = a.mean()
z = a.mean(0)
w = a.mean(1)
