y = F.linear(x, w, b)
z = F.linear(x, w)
