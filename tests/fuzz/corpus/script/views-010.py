y = a.reshape(3, 2)
z = m.t().reshape(-1)
