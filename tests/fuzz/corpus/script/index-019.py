y = F.mse_loss(torch.gather(x, 1, i), c)
