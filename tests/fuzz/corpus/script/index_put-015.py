y = x.index_put((torch.tensor([1]), torch.tensor([-4])), torch.tensor(0.0))
