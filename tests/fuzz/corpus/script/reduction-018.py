y = i.max(1)[0]
yi = i.max(1)[1]
z = e.max(1)[0]
zi = e.min(1)[1]
