y = F.conv2d(x, w, padding=1)
