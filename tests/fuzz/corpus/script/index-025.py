y = F.one_hot(i)
