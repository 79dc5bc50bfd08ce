y = x.index_put((i,), torch.tensor(0.0))
