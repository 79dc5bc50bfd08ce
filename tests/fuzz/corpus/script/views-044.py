y = a.transpose(0, dims=1)
