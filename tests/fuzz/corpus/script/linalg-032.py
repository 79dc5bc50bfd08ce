y = F.linear(x, w.t(), b)
