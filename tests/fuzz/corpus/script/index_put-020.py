x.index_put_((torch.tensor([1]),), torch.tensor(0.0))
