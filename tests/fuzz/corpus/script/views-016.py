y = a.permute(1, 0)
