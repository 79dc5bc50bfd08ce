y = torch.matmul(a, b)
z = a @ b
