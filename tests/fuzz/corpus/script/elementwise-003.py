y = a + b
z = a + 1
