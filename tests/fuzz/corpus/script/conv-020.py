y = F.conv2d(x, w, groups=3)
