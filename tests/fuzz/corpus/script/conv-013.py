y = F.conv1d(x, w, b)
