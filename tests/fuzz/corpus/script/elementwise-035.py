y = F.gelu(a, approximate='fast')
