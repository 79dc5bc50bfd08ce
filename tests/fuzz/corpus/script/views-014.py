y = a.t()
