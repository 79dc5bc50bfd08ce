y = e.amax(1)
z = e.amin(-1, keepdim=True)
