y = F.mse_loss(torch.index_select(x, 1, i), c, reduction='sum')
