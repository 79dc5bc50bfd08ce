y = F.adaptive_avg_pool2d(x, (3, 5))
loss = (y * y).sum()
