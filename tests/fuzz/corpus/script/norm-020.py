y = F.dropout(a, 1.5)
