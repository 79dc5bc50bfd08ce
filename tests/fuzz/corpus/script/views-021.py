y = a[1:, ::2]
z = a[::3, 1:5:2]
w = a[-3:, -4:-1]
v = a[5:100, :]
u = a[4:2]
s = z.stride()
o = z.storage_offset()
