# Factories (core/tensor/factory.h): sizes given as varargs, tuples or lists, dtype inference and the
# dtype= keyword, 0-d and empty results, and the _like forms. The random factories draw from Tessera's
# own generator, so only their shapes and dtypes are compared.

# case: zeros_ones_sizes
y1 = torch.zeros(2, 3)
y2 = torch.ones((2,), dtype=torch.int64)
y3 = torch.zeros([3, 1], dtype=torch.float64)
y4 = torch.ones(())
y5 = torch.zeros(2, 0)
y6 = torch.ones(3, dtype=torch.bool)

# case: full_dtype_inference
y1 = torch.full((2, 2), 1.5)
y2 = torch.full((2,), 3)
y3 = torch.full((3,), True)
y4 = torch.full((2, 1), 2, dtype=torch.float64)
y5 = torch.full((), -0.25)

# case: like_forms
# input: a float64 [2,3] normal
# input: i int64 [4] randint 0 9
y1 = torch.zeros_like(a)
y2 = torch.ones_like(i)
y3 = torch.ones_like(i, dtype=torch.float32)
y4 = torch.full_like(a.t(), 7)
y5 = torch.zeros_like(a[:, ::2], dtype=torch.bool)

# case: arange_forms
y1 = torch.arange(5)
y2 = torch.arange(2, 9, 3)
y3 = torch.arange(0, 1, 0.25)
y4 = torch.arange(1, 10, 3, dtype=torch.float64)
y5 = torch.arange(5, 0, -1)
y6 = torch.arange(0.5, 2.5)
y7 = torch.arange(0)

# case: arange_zero_step
# error: step must be nonzero
y = torch.arange(0, 5, 0)

# case: linspace_and_eye
y1 = torch.linspace(0, 1, 5)
y2 = torch.linspace(-2, 2, 4, dtype=torch.float64)
y3 = torch.linspace(3, 3, 1)
y4 = torch.linspace(0, 1, 0)
y5 = torch.eye(3)
y6 = torch.eye(3, 2)
y7 = torch.eye(2, 4, dtype=torch.int64)

# case: negative_size
# error: negative dimension
y = torch.zeros(2, -1)

# case: random_shapes_and_dtypes
# input: p float32 [3,4] uniform 0 1
s1 = torch.rand(2, 3).shape
s2 = torch.randn((4,), dtype=torch.float64).dtype == torch.float64
s3 = torch.randint(0, 5, (3, 2)).shape
s4 = torch.randint(5, (2,)).dtype == torch.int64
s5 = torch.randperm(6).shape
s6 = torch.bernoulli(p).shape
