y = a.t().var(1)
z = a[1::2].std(0)
w = b.expand(5, 4).var(0)
v = a.t()[::2].std()
