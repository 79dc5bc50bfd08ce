y = a.transpose(0, 1.5)
