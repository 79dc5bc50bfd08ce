y = F.one_hot(x)
