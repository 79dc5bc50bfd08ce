y = (x.index_put((torch.tensor([4, 0, 4]),), v, accumulate=True).sin() * torch.arange(10, dtype=torch.float64).view(5, 2)).sum()
