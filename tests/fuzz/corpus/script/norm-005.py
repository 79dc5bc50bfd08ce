y = F.log_softmax(a, dim=2)
