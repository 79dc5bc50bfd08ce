y = x.index_put((torch.tensor([1, 2]),), v)
