y = x * 2
r = y.index_put_((m,), torch.tensor(0.0))
z = x.clone()
z.index_put_((torch.tensor([1, 1, 2]),), x[:3], accumulate=True)
