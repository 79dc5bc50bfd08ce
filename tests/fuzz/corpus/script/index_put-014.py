y = x.index_put((torch.tensor([1, 7]),), torch.tensor(0.0))
