y = a.view(1, 1)
z = y.view(())
n = z.dim()
