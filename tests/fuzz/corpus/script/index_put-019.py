y = x.index_put((torch.tensor([1, 2]), torch.tensor([1, 2, 0])), torch.tensor(0.0))
