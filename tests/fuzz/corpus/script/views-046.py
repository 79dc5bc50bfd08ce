y = b.t()
