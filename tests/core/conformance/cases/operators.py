# Python operators on tensors (core/script binds them to ops): + - * / @ ** unary -, comparisons, the
# reflected forms (2 - x, 2 ** x, 1 / x, 0 < x) and PyTorch's scalar rules (x * 2 keeps x's dtype,
# an int64 tensor times 2.5 is float32, a 0-d tensor does not promote a dimensioned one).

# case: arithmetic_float_with_scalars
# input: a float32 [3,4] normal
# input: d float64 [2,3] normal
y1 = a + 1
y2 = a * 2
y3 = 2 - a
y4 = a / 4
y5 = 1 / (a.abs() + 1)
y6 = a ** 2
y7 = 2 ** a
y8 = -a
y9 = d * 0.1 + 0.2 - d
y10 = 0.3 / (d * d + 1)
y11 = a * True

# case: arithmetic_int_and_bool
# input: i int64 [3,4] randint -5 5
# input: m bool [3,4] bernoulli 0.5
y1 = i * 2
y2 = i * 2.5
y3 = i / 2
y4 = 3.5 / (i * i + 1)
y5 = i + True
y6 = m * 3
y7 = m + m
y8 = i ** 2
y9 = -i
y10 = 7 - i

# case: arithmetic_broadcast_and_promotion
# input: a float32 [3,1,4] normal
# input: b float64 [4] normal
# input: i int64 [2,1] randint -3 3
# input: s float64 [] normal
y1 = a + b
y2 = a * s
y3 = i - a
y4 = a / b.float()
y5 = s * i
y6 = a.transpose(0, 2)[::2] * 3 - b[:1]

# case: comparisons
# input: a float32 [3,4] normal
# input: b float32 [4] normal
# input: i int64 [3,4] randint -2 3
y1 = a > 0
y2 = 0 < a
y3 = a <= b
y4 = i == 1
y5 = i != a.long()
y6 = a >= 0.5
y7 = (a > 0) == (b < 0)

# case: matmul_operator
# input: a float32 [3,4] normal
# input: b float32 [4] normal
# input: c float64 [2,4,5] normal
# input: d float64 [5,3] normal
y1 = a @ a.t()
y2 = a @ b
y3 = c @ d

# case: matmul_operator_bad_shapes
# input: a float32 [3,4] normal
# error: cannot be multiplied
y = a @ a

# case: method_chains_and_inplace
# input: a float32 [3,4] normal
# input: b float32 [4] normal
y1 = a.clone().add_(1).mul_(2).sub_(b).div_(3)
y2 = a.clone().zero_()
y3 = a.clone().fill_(2)
y4 = (a * 0).copy_(b)
y5 = a.clone().add_(b, alpha=-0.5)
y6 = a.sigmoid().log().exp().sqrt()

# case: operator_on_unsupported_types
# input: a float32 [3,4] normal
# error: unsupported operand
y = a.shape - 1
