y = torch.maximum(a, b)
