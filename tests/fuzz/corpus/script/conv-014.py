y = F.conv1d(x, w, b, stride=2, padding=2, dilation=3, groups=2)
z = F.conv1d(x, w, groups=2, stride=(3,), padding=(1,))
