y = a + b
