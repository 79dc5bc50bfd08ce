s1 = torch.rand(2, 3).shape
s2 = torch.randn((4,), dtype=torch.float64).dtype == torch.float64
s3 = torch.randint(0, 5, (3, 2)).shape
s4 = torch.randint(5, (2,)).dtype == torch.int64
s5 = torch.randperm(6).shape
s6 = torch.bernoulli(p).shape
