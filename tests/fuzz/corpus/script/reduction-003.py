y = a.sum()
z = a.sum(0)
w = a.sum(1, keepdim=True)
