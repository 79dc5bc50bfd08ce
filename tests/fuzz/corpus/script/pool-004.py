y = F.max_pool2d(x.transpose(1, 2), 2)
z = F.max_pool2d(x[:, ::2, :], (2, 1))
