y = F.adaptive_avg_pool2d(x.transpose(1, 2), (4, 3))
