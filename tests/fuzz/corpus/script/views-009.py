y = a[::2, 1::2].reshape(-1)
z = a[1:, :].reshape(5, 5)
