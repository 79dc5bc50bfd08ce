y = a[1]
z = a[-1]
w = a[2, -2]
v = a[:, 3]
o = v.storage_offset()
