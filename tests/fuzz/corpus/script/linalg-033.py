y = F.linear(x, w, b)
z = F.linear(e, v, b)
