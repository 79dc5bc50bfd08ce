y = F.conv1d(x, w, padding=2)
