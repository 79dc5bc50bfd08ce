y = F.max_pool2d(x, 3, padding=2)
