y = x.index_put((m,), torch.tensor(0.0))
