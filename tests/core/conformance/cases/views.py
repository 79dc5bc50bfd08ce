# Views, indexing and dtype conversions (core/ops/view.h). Strides, offsets and contiguity are compared
# too, since a view must share PyTorch's geometry, not only its values.

# case: view_split_merge
# input: a float32 [3,4] normal
y = a.view(2, 6)
z = a.view(-1)
w = a.view((2, -1, 3))
s = w.stride()
c = w.is_contiguous()

# case: view_empty
# input: a float64 [0,3] normal
y = a.view(3, 0)
z = a.view(-1, 3)

# case: view_zero_dim
# input: a float32 [] normal
y = a.view(1, 1)
z = y.view(())
n = z.dim()

# case: view_on_transpose_fails
# input: a float32 [3,4] normal
# error: view size
y = a.t().view(12)

# case: view_bad_numel
# input: a float32 [3,4] normal
# error: invalid for input of size 12
y = a.view(5, -1)

# case: view_two_inferred
# input: a float32 [3,4] normal
# error: only one dimension can be inferred
y = a.view(-1, -1)

# case: view_as
# input: a float32 [2,6] normal
# input: b float32 [3,4] normal
y = a.view_as(b)
z = a.reshape_as(b.t())

# case: reshape_contiguous_is_view
# input: a float64 [2,3,4] normal
y = a.reshape(6, -1)
s = y.stride()
z = torch.reshape(a, (4, 6))

# case: reshape_noncontiguous_copies
# input: a float32 [3,4] normal
t = a.t()
y = t.reshape(12)
z = t.reshape(2, 6)
c = y.is_contiguous()
s = z.stride()

# case: reshape_sliced_with_step
# input: a float32 [6,5] normal
y = a[::2, 1::2].reshape(-1)
z = a[1:, :].reshape(5, 5)

# case: reshape_int_and_bool
# input: a int64 [2,3] randint -5 5
# input: m bool [2,3] bernoulli 0.5
y = a.reshape(3, 2)
z = m.t().reshape(-1)

# case: transpose_strides
# input: a float32 [2,3,4] normal
y = a.transpose(0, 2)
s = y.stride()
c = y.is_contiguous()
z = torch.transpose(a, -1, -2)
w = a.swapaxes(0, 1)

# case: transpose_bad_dim
# input: a float32 [2,3] normal
# error: Dimension out of range
y = a.transpose(0, 2)

# case: t_of_small
# input: a float64 [3] normal
# input: b float64 [] normal
# input: c float64 [2,5] normal
y = a.t()
z = b.t()
w = torch.t(c)
s = w.stride()

# case: t_of_3d_fails
# input: a float32 [2,3,4] normal
# error: expects a tensor with <= 2 dimensions
y = a.t()

# case: permute_dims
# input: a float32 [2,3,4] normal
y = a.permute(2, 0, 1)
z = a.permute((1, 2, 0))
w = torch.permute(a, (0, 2, 1))
s = y.stride()
v = a.T
u = a[:, 0].T

# case: permute_wrong_length
# input: a float32 [2,3,4] normal
# error: number of dims don't match
y = a.permute(1, 0)

# case: permute_repeated_dim
# input: a float32 [2,3] normal
# error: repeated dim
y = a.permute(0, 0)

# case: index_int_and_negative
# input: a float32 [4,5] normal
y = a[1]
z = a[-1]
w = a[2, -2]
v = a[:, 3]
o = v.storage_offset()

# case: index_out_of_range
# input: a float32 [4,5] normal
# error: out of bounds
y = a[4]

# case: index_too_many
# input: a float32 [4,5] normal
# error: too many indices
y = a[1, 2, 3]

# case: slice_steps
# input: a float64 [7,6] normal
y = a[1:, ::2]
z = a[::3, 1:5:2]
w = a[-3:, -4:-1]
v = a[5:100, :]
u = a[4:2]
s = z.stride()
o = z.storage_offset()

# case: slice_negative_step_fails
# input: a float32 [5] normal
# error: step
y = a[::-1]

# case: slice_on_slice
# input: a float32 [8,8] normal
y = a[1::2][::2, 3:]
z = a[2:7][1:3, ::3]
w = y[0]

# case: slice_empty_and_zero_size
# input: a float32 [0,4] normal
# input: b float32 [3,4] normal
y = a[:, 1:3]
z = b[3:, :]
w = b[:, 2:2]

# case: index_none_and_ellipsis
# input: a float32 [2,3,4] normal
y = a[None]
z = a[:, None, 1]
w = a[..., 1]
v = a[0, ...]
u = a[..., None]
q = a[...]

# case: index_call_result
# input: a float32 [3,4] normal
y = a.t()[1:, :2]
z = a.reshape(2, 6)[1][::2]
w = a.permute(1, 0)[-1]

# case: narrow_and_select
# input: a float32 [5,6] normal
y = a.narrow(0, 1, 3)
z = torch.narrow(a, 1, 2, 4)
w = a.select(1, -1)
v = torch.select(a, 0, 2)
o = z.storage_offset()

# case: narrow_out_of_range
# input: a float32 [5,6] normal
# error: exceeds dimension size
y = a.narrow(0, 3, 4)

# case: expand_broadcast
# input: a float32 [3,1] normal
# input: b float32 [4] normal
y = a.expand(3, 4)
z = b.expand(2, 3, 4)
w = a.expand(-1, 5)
s = z.stride()
v = a.expand_as(torch.tensor([[1.0, 2.0]] * 3))

# case: expand_then_reshape
# input: a float64 [3,1] normal
y = a.expand(3, 4).reshape(12)
z = a.expand(3, 4).t()[1:]

# case: expand_bad_size
# input: a float32 [3,2] normal
# error: must match the existing size
y = a.expand(3, 4)

# case: squeeze_unsqueeze
# input: a float32 [1,3,1,2] normal
y = a.squeeze()
z = a.squeeze(2)
w = a.squeeze(1)
v = torch.squeeze(a, 0)
u = a.unsqueeze(0)
q = torch.unsqueeze(a, -1)
r = a.unsqueeze(3).shape

# case: unsqueeze_out_of_range
# input: a float32 [2,3] normal
# error: Dimension out of range
y = a.unsqueeze(4)

# case: flatten_ranges
# input: a float32 [2,3,4,5] normal
y = a.flatten()
z = a.flatten(1)
w = torch.flatten(a, 1, 2)
v = a.flatten(start_dim=-2)
s = w.stride()
u = a.permute(0, 2, 1, 3).flatten(1, 2)

# case: flatten_zero_dim
# input: a float64 [] normal
y = a.flatten()

# case: contiguous_and_clone
# input: a float32 [3,4] normal
y = a.t().contiguous()
s = y.stride()
z = a.contiguous()
w = torch.clone(a.t())
v = a.t().clone()

# case: dtype_conversions
# input: a float32 [2,3] uniform -3 3
# input: i int64 [4] randint -3 4
# input: m bool [3] bernoulli 0.5
y = a.double()
z = a.long()
w = a.to(torch.float64)
v = i.float()
u = m.long()
q = i.bool()
r = a.to(dtype=torch.int64).bool()
p = i.to(torch.float32).dtype == torch.float32
o = a.t().double()

# case: dtype_same_is_alias
# input: a float64 [2,2] normal
y = a.double()
z = a.to(torch.float64)

# case: tensor_metadata
# input: a float32 [2,3,4] normal
s = a.shape
n = a.size(1)
z = a.size()
d = a.dim()
k = a.ndim
e = a.numel()
st = a.stride(0)
f = a.is_floating_point()
l = len(a)
m = a.shape[-1] * 2 + 1

# case: item_and_python_numbers
# input: a float64 [] normal
# input: i int64 [] randint 0 10
x = a.item()
k = i.item()
y = 1 + 2 * 3 - 4 / 8
z = 2 ** 10
w = 2 ** -1
v = -(3 - 5)
u = 7 > 3
t = (1, 2.5, True)
q = [1, 2][1]
r = (1, 2, 3)[::2]
p = (1, 2) + (3,)

# case: tuple_unpacking
# input: a float32 [3,4] normal
r, c = a.shape
x0, x1, x2 = a
u, = (a,)
alias = x1

# case: torch_tensor_literals
y = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
z = torch.tensor([1, 2, 3])
w = torch.tensor([True, False])
v = torch.tensor([1, 2], dtype=torch.float64)
u = torch.tensor(3.5)
e = torch.tensor([])

# case: keyword_arguments
# input: a float32 [2,3,4] normal
y = torch.transpose(input=a, dim0=0, dim1=1)
z = a.flatten(end_dim=1, start_dim=0)
w = a.narrow(dim=2, start=1, length=2)

# case: unknown_keyword
# input: a float32 [2,3] normal
# error: unexpected keyword argument 'dims'
y = a.transpose(0, dims=1)

# case: wrong_argument_type
# input: a float32 [2,3] normal
# error: must be int
y = a.transpose(0, 1.5)

# case: unknown_name
# error: name 'b' is not defined
y = b.t()

# case: grad_through_views
# input: a float64 [3,4] normal
# requires_grad: a
# backward: y
y = a.t()[1:, ::2].reshape(-1)[2]

# case: grad_index_full_slices
# input: a float64 [3,4] normal
# requires_grad: a
# backward: s
y = a[0:3, 1:3] + a[:, 0:2]
z = a[...] * a[0:3, 0:4] + a[:, :] - a[0:3]
w = a[None, 0:3] + a[None, 0:4, 0:4].sum() + a[1, 0:4] + a[1, 0:3].sum()
v = a[-3:3, 0:4] * a[0:, 0:] + a[0:3:1, ...] + a[:3, 0:4] + a[..., 0:4:1]
s = y.sum() + z.sum() + w.sum() + v.sum()

# case: grad_through_expand_and_permute
# input: a float32 [3,1] normal
# input: b float64 [2,3,4] normal
# requires_grad: a, b
# backward: y
z = b.permute(2, 0, 1).flatten(1)[3, 4]
y = a.expand(3, 5).unsqueeze(0).squeeze()[2, 4]

# case: grad_in_script
# input: a float64 [3,4] normal
a.requires_grad_()
y = a.t()[2, 1]
y.backward()
g = a.grad
l = a.is_leaf
r = y.requires_grad
d = y.detach().requires_grad

# case: autograd_grad_function
# input: a float64 [3,4] normal
# requires_grad: a
y = a.view(2, 6).transpose(0, 1)[4, 1]
g, = torch.autograd.grad(y, a)
