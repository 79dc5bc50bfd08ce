i = F.max_pool2d(x, 3, 2, 1, return_indices=True)[1]
v = F.max_pool2d(x, 3, 2, 1, return_indices=True)[0]
