y = F.max_pool2d(x, 2)
