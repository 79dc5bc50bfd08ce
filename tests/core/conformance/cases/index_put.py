# Indexing with tensors (core/ops/masked_select.h, index_put.h): masked_select, index_put and
# index_put_ with bool masks and int64 indices, broadcasting, non-contiguous and zero-size inputs,
# int64 tensors, accumulate, gradients (and their graphs) and torch's errors.

# case: masked_select_shapes
# input: x float32 [4,3] normal
# input: m bool [4,3] bernoulli 0.5
# input: r bool [3] bernoulli 0.6
# input: k int64 [4,3] randint -5 5
# input: e float32 [0,3] normal
y = torch.masked_select(x, m)
b = x.masked_select(r)
c = x[:1].masked_select(m)
n = x.t().masked_select(m.t())
s = x[::2].masked_select(x[::2] > 0)
i = k.masked_select(m)
z = e.masked_select(e > 0)
o = x[0, 0].masked_select(m[0, 0])
a = x.masked_select(m[0, 0])

# case: masked_select_f64_grad
# input: x float64 [3,4] normal
# input: m bool [3,4] bernoulli 0.5
# requires_grad: x
# backward: y
y = (x.masked_select(m) ** 2).sum() + x.masked_select(x > 0.5).sum()

# case: masked_select_broadcast_grad
# input: x float32 [1,4] normal
# input: m bool [3,4] bernoulli 0.5
# requires_grad: x
# backward: y
y = x.masked_select(m).exp().sum() + x.t().masked_select(m.t()[:, :1]).sum()

# case: masked_select_int_mask
# input: x float32 [4,3] normal
# input: k int64 [4,3] randint 0 2
# error: expected BoolTensor or ByteTensor for mask
y = x.masked_select(k)

# case: masked_select_shape_mismatch
# input: x float32 [4,3] normal
# input: m bool [2] bernoulli 0.5
# error: must match the size of tensor b (3) at non-singleton dimension 1
y = x.masked_select(m)

# case: index_put_masks
# input: x float32 [4,3] normal
# input: m bool [4,3] bernoulli 0.5
# input: r bool [4] bernoulli 0.5
# input: v float32 [3] normal
y = x.index_put((m,), torch.tensor(-1.0))
z = x.index_put((r,), v)
w = x.index_put((r,), v[:1], accumulate=True)
u = x.t().index_put((m.t(),), torch.tensor(2.0), accumulate=True)
e = x.index_put((r, torch.tensor([2])), torch.tensor(5.0))

# case: index_put_integer_indices
# input: x float64 [5,4] normal
# input: v float64 [3,4] normal
# input: k int64 [5,4] randint -9 9
y = x.index_put((torch.tensor([4, 0, -1]),), v)
z = x.index_put((torch.tensor([1, 3, 1]), torch.tensor([0, 2, 0])), torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64), accumulate=True)
b = x.index_put((torch.tensor([[0], [2]]), torch.tensor([1, 3])), torch.tensor(7.0, dtype=torch.float64))
i = k.index_put((torch.tensor([0, 0, 3]),), torch.tensor([1, 2, 3, 4]), accumulate=True)
j = k.index_put((k > 0,), torch.tensor(0))
e = x.index_put((torch.tensor([], dtype=torch.int64),), v[:0])
n = x[::2].t().index_put((torch.tensor([3, 1]),), v[1:, :1])

# case: index_put_inplace
# input: x float32 [4,3] normal
# input: m bool [4] bernoulli 0.5
y = x * 2
r = y.index_put_((m,), torch.tensor(0.0))
z = x.clone()
z.index_put_((torch.tensor([1, 1, 2]),), x[:3], accumulate=True)

# case: index_put_grad_mask
# input: x float64 [4,3] normal
# input: m bool [4,3] bernoulli 0.5
# input: v float64 [] normal
# requires_grad: x,v
# backward: y
y = (x.index_put((m,), v) ** 2).sum()

# case: index_put_grad_indices_accumulate
# input: x float64 [5,2] normal
# input: v float64 [3,2] normal
# requires_grad: x,v
# backward: y
y = (x.index_put((torch.tensor([4, 0, 4]),), v, accumulate=True).sin() * torch.arange(10, dtype=torch.float64).view(5, 2)).sum()

# case: index_put_grad_broadcast_f32
# input: x float32 [3,4] normal
# input: v float32 [4] normal
# input: r bool [3] bernoulli 0.7
# requires_grad: x,v
# backward: y
y = x.index_put((r,), v).tanh().sum()

# case: index_put_inplace_grad
# input: x float64 [4,3] normal
# input: v float64 [2,3] normal
# requires_grad: x,v
# backward: y
h = x * 3
h.index_put_((torch.tensor([2, 0]),), v)
y = (h * h).sum()

# case: index_put_mask_shape
# input: x float32 [4,3] normal
# input: m bool [2] bernoulli 0.5
# error: The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [4, 3] at index 0
y = x.index_put((m,), torch.tensor(0.0))

# case: index_put_float_index
# input: x float32 [4,3] normal
# input: i float32 [2] uniform 0 3
# error: tensors used as indices must be long, byte or bool tensors
y = x.index_put((i,), torch.tensor(0.0))

# case: index_put_out_of_range
# input: x float32 [4,3] normal
# error: index 7 is out of bounds for dimension 0 with size 4
y = x.index_put((torch.tensor([1, 7]),), torch.tensor(0.0))

# case: index_put_negative_out_of_range
# input: x float32 [4,3] normal
# error: index -4 is out of bounds for dimension 1 with size 3
y = x.index_put((torch.tensor([1]), torch.tensor([-4])), torch.tensor(0.0))

# case: index_put_value_shape
# input: x float32 [4,3] normal
# input: v float32 [2,2] normal
# error: shape mismatch: value tensor of shape [2, 2] cannot be broadcast to indexing result of shape [2, 3]
y = x.index_put((torch.tensor([1, 2]),), v)

# case: index_put_value_dtype
# input: x float32 [4,3] normal
# input: v float64 [2,3] normal
# error: Index put requires the source and destination dtypes match, got Float for the destination and Double for the source.
y = x.index_put((torch.tensor([1, 2]),), v)

# case: index_put_too_many_indices
# input: x float32 [4,3] normal
# error: too many indices for tensor of dimension 2 (got 3)
y = x.index_put((torch.tensor([1]), torch.tensor([0]), torch.tensor([0])), torch.tensor(0.0))

# case: index_put_indices_broadcast
# input: x float32 [4,3] normal
# error: shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]
y = x.index_put((torch.tensor([1, 2]), torch.tensor([1, 2, 0])), torch.tensor(0.0))

# case: index_put_leaf_inplace
# input: x float32 [4,3] normal
# requires_grad: x
# error: a leaf Variable that requires grad is being used in an in-place operation.
x.index_put_((torch.tensor([1]),), torch.tensor(0.0))
