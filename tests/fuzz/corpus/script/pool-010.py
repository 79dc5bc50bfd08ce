y = F.avg_pool2d(x, kernel_size=3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
z = F.avg_pool2d(x, (2, 3), stride=(1, 2), padding=(1, 1), count_include_pad=True)
w = F.avg_pool2d(x, 3, 1, 1, divisor_override=4)
