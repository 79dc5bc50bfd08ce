# Matrix products (core/ops/matmul.h): matmul / @ with PyTorch's rank rules and batch broadcasting, mm,
# bmm and F.linear; transposed, stepped and expanded operands; zero sizes; both float dtypes; errors;
# gradients.

# case: matmul_dot
# input: a float32 [7] normal
# input: b float32 [7] normal
y = torch.matmul(a, b)
z = a @ b

# case: matmul_vec_mat
# input: a float64 [3] normal
# input: b float64 [3,5] normal
y = torch.matmul(a, b)

# case: matmul_mat_vec
# input: a float32 [4,3] normal
# input: b float32 [3] normal
y = a @ b

# case: matmul_2d_odd_sizes
# input: a float32 [17,63] normal
# input: b float32 [63,65] normal
y = a @ b

# case: matmul_2d_large_k
# input: a float64 [33,300] normal
# input: b float64 [300,20] normal
y = torch.matmul(a, b)

# case: matmul_3d_2d
# input: a float32 [5,2,3] normal
# input: b float32 [3,4] normal
y = torch.matmul(a, b)

# case: matmul_3d_1d
# input: a float64 [5,2,3] normal
# input: b float64 [3] normal
y = torch.matmul(a, b)

# case: matmul_1d_3d
# input: a float32 [3] normal
# input: b float32 [5,3,4] normal
y = torch.matmul(a, b)

# case: matmul_2d_3d
# input: a float32 [2,3] normal
# input: b float32 [5,3,4] normal
y = torch.matmul(a, b)

# case: matmul_batched
# input: a float64 [5,2,3] normal
# input: b float64 [5,3,4] normal
y = a @ b

# case: matmul_broadcast_batch
# input: a float32 [2,1,2,3] normal
# input: b float32 [5,3,4] normal
y = torch.matmul(a, b)
z = torch.matmul(b.transpose(1, 2), a.transpose(2, 3))

# case: matmul_noncontig
# input: a float32 [6,8] normal
# input: b float32 [10,6] normal
y = a.t() @ b.t()
z = a[::2, 1::2] @ b[:4, ::2]

# case: matmul_expanded
# input: a float32 [1,3] normal
# input: b float32 [3,1] normal
y = a.expand(4, 3) @ b.expand(3, 5)

# case: matmul_zero_size
# input: a float32 [0,3] normal
# input: b float32 [3,4] normal
# input: c float32 [2,0] normal
# input: d float32 [0,4] normal
# input: e float64 [0,2,3] normal
# input: f float64 [3,4] normal
y = a @ b
z = c @ d
w = torch.matmul(e, f)

# case: matmul_bad_shapes
# input: a float32 [4,3] normal
# input: b float32 [4,5] normal
# error: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)
y = a @ b

# case: matmul_bad_dot
# input: a float32 [3] normal
# input: b float32 [4] normal
# error: inconsistent tensor size
y = torch.matmul(a, b)

# case: matmul_bad_broadcast
# input: a float32 [2,3,4] normal
# input: b float32 [3,4,5] normal
# error: must match the size of tensor b
y = torch.matmul(a, b)

# case: matmul_dtype_mismatch
# input: a float32 [2,3] normal
# input: b float64 [3,4] normal
# error: matmul
y = torch.matmul(a, b)

# case: mm_basic
# input: a float64 [3,65] normal
# input: b float64 [65,257] normal
y = torch.mm(a, b)

# case: mm_transposed
# input: a float32 [9,4] normal
# input: b float32 [5,9] normal
y = torch.mm(a.t(), b.t())
z = torch.mm(a[1::2], b.t()[1::2])

# case: mm_zero_k
# input: a float32 [3,0] normal
# input: b float32 [0,2] normal
y = torch.mm(a, b)

# case: mm_bad_shapes
# input: a float32 [4,3] normal
# input: b float32 [4,5] normal
# error: mat1 and mat2 shapes cannot be multiplied (4x3 and 4x5)
y = torch.mm(a, b)

# case: mm_not_matrix
# input: a float32 [2,3,4] normal
# input: b float32 [4,5] normal
# error: mm
y = torch.mm(a, b)

# case: bmm_basic
# input: a float32 [4,3,17] normal
# input: b float32 [4,17,2] normal
y = torch.bmm(a, b)

# case: bmm_noncontig
# input: a float64 [3,5,4] normal
# input: b float64 [5,3,6] normal
y = torch.bmm(a.transpose(1, 2), b.transpose(0, 1))
z = torch.bmm(a[:, ::2], b.permute(1, 0, 2)[:, 1:, ::2])

# case: bmm_expanded_batch
# input: a float32 [1,2,3] normal
# input: b float32 [4,3,2] normal
y = torch.bmm(a.expand(4, 2, 3), b)

# case: bmm_zero_size
# input: a float32 [0,2,3] normal
# input: b float32 [0,3,4] normal
# input: c float32 [2,0,3] normal
# input: d float32 [2,3,4] normal
y = torch.bmm(a, b)
z = torch.bmm(c, d)

# case: bmm_bad_batch
# input: a float32 [2,3,4] normal
# input: b float32 [3,4,5] normal
# error: Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: [3, 4]
y = torch.bmm(a, b)

# case: bmm_not_3d
# input: a float32 [3,4] normal
# input: b float32 [2,4,5] normal
# error: batch1 must be a 3D tensor
y = torch.bmm(a, b)

# case: linear_bias
# input: x float32 [8,5] normal
# input: w float32 [3,5] normal
# input: b float32 [3] normal
y = F.linear(x, w, b)
z = F.linear(x, w)

# case: linear_leading_dims_noncontig
# input: x float64 [2,5,3] normal
# input: w float64 [4,3] normal
# input: b float64 [4] normal
y = F.linear(x.transpose(0, 1), w, b)
z = F.linear(x[:, ::2], w[::2], b[::2])

# case: linear_vector_input
# input: x float32 [3] normal
# input: w float32 [4,3] normal
# input: b float32 [4] normal
y = F.linear(x, w, b)

# case: linear_transposed_weight
# input: x float32 [6,7] normal
# input: w float32 [7,20] normal
# input: b float32 [20] normal
y = F.linear(x, w.t(), b)

# case: linear_zero_size
# input: x float32 [0,3] normal
# input: w float32 [4,3] normal
# input: b float32 [4] normal
# input: e float32 [2,0] normal
# input: v float32 [4,0] normal
y = F.linear(x, w, b)
z = F.linear(e, v, b)

# case: linear_bad_shapes
# input: x float32 [2,3] normal
# input: w float32 [4,5] normal
# error: mat1 and mat2 shapes cannot be multiplied (2x3 and 5x4)
y = F.linear(x, w)

# case: mm_grad
# input: a float64 [3,4] normal
# input: b float64 [4,2] normal
# requires_grad: a,b
# backward: s
y = torch.mm(a, b)
s = y.sum()

# case: bmm_grad
# input: a float64 [2,3,4] normal
# input: b float64 [2,4,5] normal
# requires_grad: a,b
# backward: s
y = torch.bmm(a, b)
s = y.sum()

# case: matmul_broadcast_grad
# input: a float64 [2,1,3,4] normal
# input: b float64 [3,4,2] normal
# requires_grad: a,b
# backward: s
y = a @ b
s = (y * y).sum()

# case: linear_grad
# input: x float32 [2,5,3] normal
# input: w float32 [4,3] normal
# input: b float32 [4] normal
# requires_grad: x,w,b
# backward: s
y = F.linear(x, w, b)
s = (y * y).sum()
