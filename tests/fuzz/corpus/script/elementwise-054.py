y = torch.sigmoid(a) + torch.relu(a) + F.leaky_relu(a, 0.1) + F.elu(a, alpha=0.5)
z = F.gelu(a) + F.gelu(a, approximate='tanh') + F.silu(a) + F.softplus(a, beta=2, threshold=1)
s = (y * z).sum()
