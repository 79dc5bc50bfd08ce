y = F.adaptive_avg_pool2d(x, 2)
