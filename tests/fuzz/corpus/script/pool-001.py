y = F.max_pool2d(x, kernel_size=3, stride=2, padding=1, dilation=2, ceil_mode=True)
z = F.max_pool2d(x, (2, 3), stride=(1, 2), padding=(1, 0), ceil_mode=False)
