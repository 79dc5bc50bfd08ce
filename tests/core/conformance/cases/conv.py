# Conformance cases for conv1d and conv2d (core/ops/conv.h).

# case: conv2d_basic
# input: x float32 [2,3,8,9] normal
# input: w float32 [4,3,3,3] normal
# input: b float32 [4] normal
y = F.conv2d(x, w, b)

# case: conv2d_stride_padding_kwargs
# input: x float32 [2,3,8,9] normal
# input: w float32 [4,3,3,3] normal
# input: b float32 [4] normal
y = F.conv2d(x, w, b, stride=2, padding=1)
z = F.conv2d(x, w, bias=b, padding=2, dilation=2)

# case: conv2d_tuple_params
# input: x float32 [2,3,9,11] normal
# input: w float32 [5,3,3,2] normal
y = F.conv2d(x, w, None, (1, 2), (2, 1), (2, 1))
z = F.conv2d(x, w, stride=(2, 1), padding=(0, 1), dilation=(1, 3))

# case: conv2d_groups
# input: x float32 [2,4,7,7] normal
# input: w float32 [6,2,3,3] normal
# input: b float32 [6] normal
y = F.conv2d(x, w, b, padding=1, groups=2)

# case: conv2d_depthwise
# input: x float64 [1,4,6,10] normal
# input: w float64 [4,1,3,3] normal
y = F.conv2d(x, w, groups=4, padding=1)

# case: conv2d_unbatched
# input: x float32 [3,6,6] normal
# input: w float32 [2,3,3,3] normal
y = F.conv2d(x, w, padding=1)

# case: conv2d_noncontiguous
# input: x float32 [2,3,9,8] normal
# input: w float32 [4,6,3,3] normal
# input: b float32 [1] normal
y = F.conv2d(x.transpose(2, 3), w[:, ::2], b.expand(4), padding=1)

# case: conv2d_zero_batch
# input: x float32 [0,3,5,5] normal
# input: w float32 [4,3,3,3] normal
y = F.conv2d(x, w)

# case: conv2d_float64
# input: x float64 [2,2,10,12] normal
# input: w float64 [3,2,2,4] normal
# input: b float64 [3] normal
y = F.conv2d(x, w, b, stride=(1, 3), padding=(1, 2))

# case: conv2d_mnist_shape
# input: x float32 [4,1,28,28] normal
# input: w float32 [8,1,3,3] normal
# input: b float32 [8] normal
y = F.conv2d(x, w, b, padding=1)

# case: conv2d_wide_rows_many_channels
# input: x float64 [2,8,5,40] normal
# input: w float64 [19,8,3,3] normal
# input: b float64 [19] normal
y = F.conv2d(x, w, b, padding=1)

# case: conv2d_wide_rows_float32
# input: x float32 [2,2,5,40] normal
# input: w float32 [19,2,3,3] normal
# input: b float32 [19] normal
y = F.conv2d(x, w, b, padding=1)

# case: conv2d_narrow_rows
# input: x float32 [2,3,6,3] normal
# input: w float32 [4,3,2,2] normal
y = F.conv2d(x, w, padding=1)

# case: conv1d_basic
# input: x float32 [2,3,20] normal
# input: w float32 [5,3,4] normal
# input: b float32 [5] normal
y = F.conv1d(x, w, b)

# case: conv1d_kwargs
# input: x float32 [2,4,23] normal
# input: w float32 [6,2,3] normal
# input: b float32 [6] normal
y = F.conv1d(x, w, b, stride=2, padding=2, dilation=3, groups=2)
z = F.conv1d(x, w, groups=2, stride=(3,), padding=(1,))

# case: conv1d_unbatched_float64
# input: x float64 [3,17] normal
# input: w float64 [2,3,5] normal
y = F.conv1d(x, w, padding=2)

# case: conv1d_noncontiguous
# input: x float32 [2,30,3] normal
# input: w float32 [4,3,3] normal
y = F.conv1d(x.transpose(1, 2)[:, :, ::2], w)

# case: conv2d_bad_channels
# input: x float32 [2,3,8,9] normal
# input: w float32 [4,2,3,3] normal
# error: expected input[2, 3, 8, 9] to have 2 channels, but got 3 channels instead
y = F.conv2d(x, w)

# case: conv2d_kernel_too_big
# input: x float32 [1,4,2,2] normal
# input: w float32 [8,4,3,3] normal
# error: Kernel size can't be greater than actual input size
y = F.conv2d(x, w)

# case: conv2d_bad_bias
# input: x float32 [1,4,5,5] normal
# input: w float32 [8,4,3,3] normal
# input: b float32 [7] normal
# error: expected bias to be 1-dimensional with 8 elements
y = F.conv2d(x, w, b)

# case: conv2d_groups_not_dividing
# input: x float32 [1,4,5,5] normal
# input: w float32 [8,4,3,3] normal
# error: expected weight to be divisible by 3 at dimension 0
y = F.conv2d(x, w, groups=3)

# case: conv2d_bad_rank
# input: x float32 [1,4,5,5,5] normal
# input: w float32 [8,4,3,3] normal
# error: Expected 3D (unbatched) or 4D (batched) input to conv2d
y = F.conv2d(x, w)

# case: conv2d_dtype_mismatch
# input: x float32 [1,4,5,5] normal
# input: w float64 [8,4,3,3] normal
# error: conv2d
y = F.conv2d(x, w)

# case: conv1d_bad_rank
# input: x float32 [1,4,5,5] normal
# input: w float32 [8,4,3] normal
# error: Expected 2D (unbatched) or 3D (batched) input to conv1d
y = F.conv1d(x, w)

# case: conv2d_backward
# input: x float64 [2,3,6,9] normal
# input: w float64 [4,3,3,3] normal
# input: b float64 [4] normal
# requires_grad: x,w,b
# backward: loss
y = F.conv2d(x, w, b, padding=1)
loss = (y * y).sum()

# case: conv2d_backward_strided_groups
# input: x float32 [2,4,7,8] normal
# input: w float32 [6,2,3,2] normal
# requires_grad: x,w
# backward: loss
y = F.conv2d(x, w, stride=(2, 3), padding=1, dilation=(1, 2), groups=2)
loss = (y * y).sum()

# case: conv1d_backward
# input: x float64 [2,3,15] normal
# input: w float64 [5,3,4] normal
# input: b float64 [5] normal
# requires_grad: x,w,b
# backward: loss
y = F.conv1d(x, w, b, stride=2, padding=1)
loss = (y * y).sum()

