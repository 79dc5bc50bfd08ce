# Conformance cases for cat, stack, split and chunk (core/ops/join.h).

# case: cat_dims
# input: a float32 [2,3] normal
# input: b float32 [4,3] normal
# input: c float32 [2,5] normal
y = torch.cat([a, b])
z = torch.cat((a, c), 1)
w = torch.cat([a, c], dim=-1)

# case: cat_promotion
# input: a float32 [2,3] normal
# input: b int64 [1,3] randint -5 5
# input: c float64 [2,3] normal
# input: m bool [2,3] bernoulli 0.5
y = torch.cat([a, b])
z = torch.cat([a, c], 0)
w = torch.cat([m, b])

# case: cat_skips_empty_1d
# input: a float32 [2,3] normal
# input: e float32 [0] normal
# input: z float32 [0,3] normal
y = torch.cat([e, a, e])
u = torch.cat([z, a])
v = torch.cat([e, e])

# case: cat_noncontiguous
# input: a float64 [3,4] normal
# input: b float64 [2,4,2] normal
y = torch.cat([a.t(), a[:, ::2].t()], 0)
z = torch.cat([b[:, :, 0], a[::2]], 0)
w = torch.cat([a[:1].expand(3, 4), a], 1)

# case: cat_bad_sizes
# input: a float32 [2,3] normal
# input: b float32 [2,4] normal
# error: Sizes of tensors must match except in dimension 0
y = torch.cat([a, b])

# case: cat_zero_dim
# input: a float32 [] normal
# input: b float32 [2] normal
# error: zero-dimensional tensor (at position 0) cannot be concatenated
y = torch.cat([a, b])

# case: stack_dims
# input: a float32 [2,3] normal
# input: b float32 [2,3] normal
y = torch.stack([a, b])
z = torch.stack((a, b), 1)
w = torch.stack([a, b, a], dim=-1)

# case: stack_promotion_noncontiguous
# input: a float32 [3,2] normal
# input: b float64 [2,3] normal
# input: i int64 [2,3] randint 0 9
y = torch.stack([a.t(), b])
z = torch.stack([i, b], 2)

# case: stack_empty
# input: a float32 [0,3] normal
y = torch.stack([a, a], 1)

# case: stack_bad_sizes
# input: a float32 [2,3] normal
# input: b float32 [3,2] normal
# error: stack expects each tensor to be equal size
y = torch.stack([a, b])

# case: split_sizes
# input: x float32 [7,4] normal
p = torch.split(x, 3)
q = torch.split(x, [1, 3], 1)
r = x.split(2, dim=1)
s = torch.split(x, split_size_or_sections=[2, 0, 5])

# case: split_noncontiguous_empty
# input: x float64 [4,6] normal
# input: e float64 [0,3] normal
p = torch.split(x.t(), 4)
q = torch.split(e, 2)

# case: split_bad_sizes
# input: x float32 [5,3] normal
# error: split_with_sizes expects split_sizes to sum exactly to 5
p = torch.split(x, [1, 2])

# case: chunk_sizes
# input: x float32 [6,5] normal
p = torch.chunk(x, 4)
q = x.chunk(2, 1)
r = torch.chunk(x, chunks=3, dim=-1)

# case: chunk_empty_noncontiguous
# input: x float64 [0,3] normal
# input: y float64 [5,4] normal
p = torch.chunk(x, 2)
q = torch.chunk(y.t(), 3)

# case: chunk_bad_count
# input: x float32 [6,5] normal
# error: chunk expects `chunks` to be greater than 0
p = torch.chunk(x, 0)

# case: cat_stack_backward
# input: a float64 [2,3] normal
# input: b float64 [4,3] normal
# requires_grad: a,b
# backward: loss
y = torch.cat([a, b, a])
s = torch.stack([a, b[1:3]], 1)
loss = (y * y).sum() + (s * s * s).sum()

# case: split_chunk_backward
# input: x float64 [6,4] normal
# requires_grad: x
# backward: loss
p = torch.split(x, [1, 3, 2])
q = torch.chunk(x, 2, 1)
loss = (p[1] * p[1]).sum() + (q[0] * p[0][:, :2]).sum()
