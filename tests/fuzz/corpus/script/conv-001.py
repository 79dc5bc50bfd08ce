y = F.conv2d(x, w, b, stride=2, padding=1)
z = F.conv2d(x, w, bias=b, padding=2, dilation=2)
