y = F.conv2d(x, w, None, (1, 2), (2, 1), (2, 1))
z = F.conv2d(x, w, stride=(2, 1), padding=(0, 1), dilation=(1, 3))
