y = F.linear(x, w)
