// Tensors as text, exactly as PyTorch 1.13's repr() prints them (torch/_tensor_str.py with the default
// print options: precision 4, summarised with "..." above 1000 elements, lines of 80 columns), with
// the grad_fn=<…> or requires_grad=True suffix of tensors that autograd tracks.
//
//   toString(Tensor::fromVector<float>({0, 1, 2, 3}, {2, 2}))
//   // tensor([[0., 1.],
//   //         [2., 3.]])
//   toString(Tensor::scalar<double>(0.5))   // tensor(0.5000, dtype=torch.float64)
#pragma once

#include <string>

#include "core/tensor/tensor.h"

namespace tessera {

std::string toString(const Tensor& t);

}  // namespace tessera
