y = F.linear(x.transpose(0, 1), w, b)
z = F.linear(x[:, ::2], w[::2], b[::2])
