y = e.min(0)
