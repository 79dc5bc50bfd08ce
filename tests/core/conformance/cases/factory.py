# Factories (core/tensor/factory.h): torch's dtype inference from Python numbers, the arithmetic of
# arange and linspace (equal to torch's bit for bit, see test_factory), the *_like forms, errors.

# case: zeros_ones_full
# input: a float64 [2,3] normal
z = torch.zeros(2, 3)
o = torch.ones((4,), dtype=torch.int64)
e = torch.zeros(0, 3)
f = torch.full((2, 2), 0.1)
i = torch.full((3,), 7)
b = torch.full((2,), True)
g = torch.full((2, 1), -2.5, dtype=torch.float64)
zl = torch.zeros_like(a)
ol = torch.ones_like(a, dtype=torch.float32)
fl = torch.full_like(a, 3)

# case: arange_int_and_float
# input: a float32 [1] normal
y = torch.arange(5)
z = torch.arange(-3, 17, 4)
w = torch.arange(10, 0, -3)
u = torch.arange(0., 1., 0.25)
v = torch.arange(0, 3.3, 0.1)
s = torch.arange(-1.7, 11.3, 0.37)
d = torch.arange(0.1, 7.7, 0.013, dtype=torch.float64)
k = torch.arange(0, 10, 2.5, dtype=torch.int64)
n = torch.arange(1., 1.)

# case: arange_bad_step
# input: a float32 [1] normal
# error: upper bound and larger bound inconsistent with step sign
y = torch.arange(0, 10, -1)

# case: linspace_float_and_int
# input: a float32 [1] normal
y = torch.linspace(0, 1, 7)
z = torch.linspace(-3.3, 7.1, 11)
w = torch.linspace(-1, 1, 1001)
d = torch.linspace(0.1, 0.9, 100, dtype=torch.float64)
i = torch.linspace(-7, 1000, 333, dtype=torch.int64)
one = torch.linspace(2, 5, 1)
none = torch.linspace(2, 5, 0)

# case: linspace_negative_steps
# input: a float32 [1] normal
# error: number of steps must be non-negative
y = torch.linspace(0, 1, -1)

# case: eye_shapes
# input: a float32 [1] normal
y = torch.eye(3)
z = torch.eye(2, 4, dtype=torch.int64)
w = torch.eye(4, 2, dtype=torch.float64)
e = torch.eye(0)
