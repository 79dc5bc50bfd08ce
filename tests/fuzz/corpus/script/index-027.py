y = F.one_hot(e)
