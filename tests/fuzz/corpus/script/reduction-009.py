y = i.mean()
