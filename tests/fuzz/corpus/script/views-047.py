y = a.t()[1:, ::2].reshape(-1)[2]
