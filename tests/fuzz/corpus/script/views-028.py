y = a.narrow(0, 3, 4)
