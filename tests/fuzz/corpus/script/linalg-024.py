y = torch.bmm(a.transpose(1, 2), b.transpose(0, 1))
z = torch.bmm(a[:, ::2], b.permute(1, 0, 2)[:, 1:, ::2])
