y = torch.relu(m)
