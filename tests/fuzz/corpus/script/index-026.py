y = F.one_hot(i, 4)
