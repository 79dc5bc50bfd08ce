y = torch.index_select(x.t()[::2], 1, i)
z = n[:, 1::2].index_select(0, i)
c = b.index_select(0, i)
s = torch.index_select(x[0, 0], 0, o)
