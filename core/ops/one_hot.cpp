#include "core/ops/one_hot.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "core/ops/dispatch.h"
#include "core/ops/loss_common.h"

namespace tessera::ops {

namespace {
const OpInfo& kOneHot = registerOp({"one_hot", OpCategory::Shape, elementwiseCost, /*differentiable=*/false});
}  // namespace

Tensor oneHot(const Tensor& x, std::int64_t numClasses) {
    OpCall call(kOneHot, x);
    if (x.dtype() != DType::Int64)
        throw TypeError("one_hot: one_hot is only applicable to index tensor (int64), got " +
                        std::string(dtypeName(x.dtype())));
    Shape outSizes = x.sizes();
    if (x.numel() == 0) {
        if (numClasses <= 0) throw ValueError("one_hot: Can not infer total number of classes from empty tensor.");
        outSizes.push_back(numClasses);
        return call.finish(Tensor::empty(outSizes, DType::Int64));
    }
    const Tensor idx = detail::materialize(x);
    const std::int64_t* ip = idx.data<std::int64_t>();
    const std::int64_t n = idx.numel();
    const auto [lo, hi] = std::minmax_element(ip, ip + n);
    if (*lo < 0) throw ValueError("one_hot: Class values must be non-negative (got " + std::to_string(*lo) + ").");
    if (numClasses == -1)
        numClasses = *hi + 1;
    else if (numClasses <= *hi)
        throw ValueError("one_hot: Class values must be smaller than num_classes (got class " + std::to_string(*hi) +
                         ", num_classes " + std::to_string(numClasses) + ").");
    outSizes.push_back(numClasses);
    Tensor out = Tensor::empty(outSizes, DType::Int64);
    std::int64_t* op = out.data<std::int64_t>();
    std::memset(op, 0, out.nbytes());
    for (std::int64_t i = 0; i < n; ++i) op[i * numClasses + ip[i]] = 1;
    return call.finish(out);
}

}  // namespace tessera::ops
