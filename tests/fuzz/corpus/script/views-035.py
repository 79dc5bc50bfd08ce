y = a.flatten()
