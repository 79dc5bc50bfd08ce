y = a * b
