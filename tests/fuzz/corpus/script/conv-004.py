y = F.conv2d(x, w, groups=4, padding=1)
