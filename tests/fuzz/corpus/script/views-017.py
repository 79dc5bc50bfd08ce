y = a.permute(0, 0)
