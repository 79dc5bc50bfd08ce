h = x * 3
h.index_put_((torch.tensor([2, 0]),), v)
y = (h * h).sum()
