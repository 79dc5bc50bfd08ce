y = F.conv1d(x.transpose(1, 2)[:, :, ::2], w)
