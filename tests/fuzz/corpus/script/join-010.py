p = torch.split(x, 3)
q = torch.split(x, [1, 3], 1)
r = x.split(2, dim=1)
s = torch.split(x, split_size_or_sections=[2, 0, 5])
