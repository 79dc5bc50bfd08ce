# Indexing ops (core/ops/embedding.h, index_select.h, gather.h, one_hot.h): shapes, every dtype,
# non-contiguous inputs, zero-size inputs, gradients and torch's errors.

# case: embedding_shapes
# input: w float32 [10,4] normal
# input: i int64 [3,5] randint 0 10
# input: j int64 [] randint 0 10
# input: k int64 [0,2] randint 0 10
y = F.embedding(i, w)
z = F.embedding(j, w)
e = F.embedding(k, w)
p = F.embedding(i, w, padding_idx=3)
q = F.embedding(i, w, padding_idx=-1)

# case: embedding_noncontig_f64
# input: w float64 [4,10] normal
# input: i int64 [6,2] randint 0 5
y = F.embedding(i.t(), w.t()[::2])
z = F.embedding(i[::2, 1], w[:, 1:6].t())

# case: embedding_grad
# input: w float64 [6,3] normal
# input: i int64 [4,5] randint 0 6
# input: c float64 [4,5,3] normal
# requires_grad: w
# backward: y
y = (F.embedding(i, w) * c).sum()

# case: embedding_grad_padding
# input: w float32 [6,3] normal
# input: i int64 [12] randint 0 6
# input: c float32 [12,3] normal
# requires_grad: w
# backward: y
y = (F.embedding(i, w, padding_idx=2) * c).sum()

# case: embedding_index_out_of_range
# input: w float32 [5,3] normal
# input: i int64 [4] randint 5 8
# error: index out of range in self
y = F.embedding(i, w)

# case: embedding_negative_index
# input: w float32 [5,3] normal
# input: i int64 [4] randint -3 0
# error: index out of range in self
y = F.embedding(i, w)

# case: embedding_weight_not_2d
# input: w float32 [5] normal
# input: i int64 [4] randint 0 5
# error: must be 2-D
y = F.embedding(i, w)

# case: embedding_float_indices
# input: w float32 [5,3] normal
# input: i float32 [4] uniform 0 4
# error: 'indices'
y = F.embedding(i, w)

# case: embedding_padding_out_of_range
# input: w float32 [5,3] normal
# input: i int64 [4] randint 0 5
# error: Padding_idx must be within num_embeddings
y = F.embedding(i, w, padding_idx=5)

# case: index_select_dims
# input: x float32 [4,5,3] normal
# input: i int64 [6] randint 0 4
# input: j int64 [2] randint 0 3
# input: k int64 [] randint 0 5
y = torch.index_select(x, 0, i)
z = x.index_select(2, j)
w = torch.index_select(x, -2, k)
e = x.index_select(1, i[:0])

# case: index_select_noncontig_dtypes
# input: x float64 [5,6] normal
# input: n int64 [5,6] randint -9 9
# input: b bool [7] bernoulli 0.5
# input: i int64 [4] randint 0 3
y = torch.index_select(x.t()[::2], 1, i)
z = n[:, 1::2].index_select(0, i)
c = b.index_select(0, i)
s = torch.index_select(x[0, 0], 0, i[:1] * 0)

# case: index_select_grad
# input: x float64 [4,5] normal
# input: i int64 [7] randint 0 5
# input: c float64 [4,7] normal
# requires_grad: x
# backward: y
y = (torch.index_select(x, 1, i) * c).sum()

# case: index_select_out_of_range
# input: x float32 [4,5] normal
# input: i int64 [3] randint 4 7
# error: index out of range in self
y = torch.index_select(x, 0, i)

# case: index_select_matrix_index
# input: x float32 [4,5] normal
# input: i int64 [2,2] randint 0 4
# error: Index is supposed to be a vector
y = torch.index_select(x, 0, i)

# case: index_select_float_index
# input: x float32 [4,5] normal
# input: i float32 [2] uniform 0 3
# error: Expected dtype int32 or int64 for index
y = torch.index_select(x, 0, i)

# case: index_select_bad_dim
# input: x float32 [4,5] normal
# input: i int64 [2] randint 0 4
# error: Dimension out of range
y = torch.index_select(x, 2, i)

# case: gather_dims
# input: x float32 [4,5] normal
# input: i int64 [4,3] randint 0 5
# input: j int64 [2,5] randint 0 4
# input: k int64 [3,2] randint 0 5
y = torch.gather(x, 1, i)
z = x.gather(0, j)
w = torch.gather(x, -1, k)
l = torch.gather(x[:2], 1, k.t())

# case: gather_noncontig_dtypes
# input: x float64 [6,4] normal
# input: n int64 [3,8] randint -9 9
# input: b bool [4,4] bernoulli 0.5
# input: i int64 [4,3] randint 0 3
y = torch.gather(x.t(), 1, i)
z = torch.gather(n[:, ::2], 0, i.t())
c = b.gather(1, i[:, :2])
s = torch.gather(x[::2, 1:], 1, i[:3].t().t())

# case: gather_zero_size_and_scalar
# input: x float32 [4,5] normal
# input: i int64 [0,3] randint 0 5
# input: s float32 [] normal
# input: k int64 [3] randint 0 1
y = torch.gather(x, 1, i)
z = torch.gather(s, 0, k)

# case: gather_grad
# input: x float64 [4,5] normal
# input: i int64 [4,6] randint 0 5
# input: c float64 [4,6] normal
# requires_grad: x
# backward: y
y = (torch.gather(x, 1, i) * c).sum()

# case: gather_out_of_bounds
# input: x float32 [4,5] normal
# input: i int64 [4,1] randint 5 8
# error: is out of bounds for dimension 1 with size 5
y = torch.gather(x, 1, i)

# case: gather_rank_mismatch
# input: x float32 [4,5] normal
# input: i int64 [4] randint 0 5
# error: Index tensor must have the same number of dimensions as input tensor
y = torch.gather(x, 1, i)

# case: gather_index_too_large
# input: x float32 [4,5] normal
# input: i int64 [5,2] randint 0 5
# error: Size does not match at dimension 0
y = torch.gather(x, 1, i)

# case: gather_float_index
# input: x float32 [4,5] normal
# input: i float32 [4,2] uniform 0 4
# error: Expected dtype int64 for index
y = torch.gather(x, 1, i)

# case: one_hot_classes
# input: i int64 [3,4] randint 0 6
# input: j int64 [] randint 0 3
# input: e int64 [0,2] randint 0 3
y = F.one_hot(i)
z = F.one_hot(i, 8)
w = F.one_hot(j, num_classes=3)
v = F.one_hot(e, 4)
n = F.one_hot(i.t()[::2], -1)

# case: one_hot_negative
# input: i int64 [4] randint -3 0
# error: Class values must be non-negative
y = F.one_hot(i)

# case: one_hot_too_few_classes
# input: i int64 [4] randint 4 9
# error: Class values must be smaller than num_classes
y = F.one_hot(i, 4)

# case: one_hot_empty_infer
# input: e int64 [0] randint 0 3
# error: Can not infer total number of classes from empty tensor
y = F.one_hot(e)

# case: one_hot_float
# input: x float32 [4] uniform 0 3
# error: only applicable to index tensor
y = F.one_hot(x)
