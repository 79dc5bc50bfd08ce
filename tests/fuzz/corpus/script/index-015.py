y = torch.index_select(x, 2, i)
