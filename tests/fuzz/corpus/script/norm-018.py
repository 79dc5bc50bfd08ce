y = F.batch_norm(x, rm, rv)
