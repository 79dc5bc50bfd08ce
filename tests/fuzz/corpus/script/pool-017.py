y = F.adaptive_avg_pool2d(x, (5, 6))
