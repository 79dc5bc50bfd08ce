y = a @ a
