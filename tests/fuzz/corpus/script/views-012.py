y = a.transpose(0, 2)
