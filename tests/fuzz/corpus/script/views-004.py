y = a.view(5, -1)
