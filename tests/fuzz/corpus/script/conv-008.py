y = F.conv2d(x, w, b, stride=(1, 3), padding=(1, 2))
