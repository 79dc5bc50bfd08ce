y = e.argmax(1)
z = e.argmin(-1, keepdim=True)
