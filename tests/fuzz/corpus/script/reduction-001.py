y = a.t().sum(0)
z = a[::2, 1::2].sum(1, True)
w = b.expand(3, 5).sum(0)
v = a.t()[1:, ::3].sum()
