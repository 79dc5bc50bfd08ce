y = a.shape - 1
