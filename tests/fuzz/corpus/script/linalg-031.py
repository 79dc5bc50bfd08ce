y = F.linear(x, w, b)
