y = F.avg_pool2d(x, 3, 2, 1, True, True)
z = F.avg_pool2d(x, 2, 3, 1, True, False)
