y = F.batch_norm(x, None, None)
