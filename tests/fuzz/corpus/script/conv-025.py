y = F.conv2d(x, w, stride=(2, 3), padding=1, dilation=(1, 2), groups=2)
loss = (y * y).sum()
