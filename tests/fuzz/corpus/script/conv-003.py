y = F.conv2d(x, w, b, padding=1, groups=2)
