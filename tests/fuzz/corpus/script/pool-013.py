y = F.avg_pool2d(x, 2)
