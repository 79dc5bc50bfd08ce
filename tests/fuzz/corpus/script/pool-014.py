y = F.avg_pool2d(x, 3, padding=2)
