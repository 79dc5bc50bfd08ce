y = e.amax(0)
