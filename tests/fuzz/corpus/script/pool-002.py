y = F.max_pool2d(x, 2, ceil_mode=True)
z = F.max_pool2d(x, 3, 2, 1, 1, True)
