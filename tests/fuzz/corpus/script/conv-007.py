y = F.conv2d(x, w)
