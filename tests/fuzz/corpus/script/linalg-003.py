y = a @ b
