y = F.adaptive_avg_pool2d(x, (3, 4))
z = F.adaptive_avg_pool2d(x, 5)
w = F.adaptive_avg_pool2d(x, 1)
u = F.adaptive_avg_pool2d(x, (None, 3))
