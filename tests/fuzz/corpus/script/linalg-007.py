y = torch.matmul(a, b)
