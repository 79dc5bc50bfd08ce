m = a * torch.tensor([[1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0]], dtype=torch.float64)
s = m.prod(1).sum() + m.prod(0).sum() + m.prod() + m[2].prod()
