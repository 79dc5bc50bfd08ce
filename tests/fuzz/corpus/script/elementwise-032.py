y = F.leaky_relu(i)
