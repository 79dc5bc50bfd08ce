y = torch.index_select(x, 0, i)
