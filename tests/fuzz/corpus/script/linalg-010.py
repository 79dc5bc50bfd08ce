y = torch.matmul(a, b)
z = torch.matmul(b.transpose(1, 2), a.transpose(2, 3))
