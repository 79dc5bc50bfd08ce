y = a.view(3, 0)
z = a.view(-1, 3)
