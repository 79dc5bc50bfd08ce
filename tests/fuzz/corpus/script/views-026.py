y = a.t()[1:, :2]
z = a.reshape(2, 6)[1][::2]
w = a.permute(1, 0)[-1]
