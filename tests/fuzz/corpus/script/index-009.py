y = torch.index_select(x, 0, i)
z = x.index_select(2, j)
w = torch.index_select(x, -2, k)
e = x.index_select(1, i[:0])
