y = e.max()
