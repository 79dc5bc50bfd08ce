y = a.view(-1, -1)
