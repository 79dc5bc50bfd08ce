y = a @ b
z = c @ d
w = torch.matmul(e, f)
