#include "core/data/dataset.h"

#include <cstring>

#include "core/ops/view.h"
#include "core/tensor/error.h"

namespace tessera::data {

std::string_view taskName(Task task) { return task == Task::Classification ? "classification" : "regression"; }

std::size_t Dataset::size() const { return features.defined() ? static_cast<std::size_t>(features.size(0)) : 0; }

std::int64_t Dataset::numFeatures() const { return features.defined() ? features.size(1) : 0; }

std::int64_t Dataset::numClasses() const { return static_cast<std::int64_t>(classNames.size()); }

std::int64_t Dataset::targetWidth() const {
    return task == Task::Regression && targets.defined() && targets.dim() == 2 ? targets.size(1) : 1;
}

std::vector<std::int64_t> Dataset::classCounts() const {
    std::vector<std::int64_t> counts(classNames.size(), 0);
    if (task != Task::Classification) return counts;
    const std::int64_t* y = targets.data<std::int64_t>();
    for (std::int64_t i = 0, n = targets.numel(); i < n; ++i) ++counts[static_cast<std::size_t>(y[i])];
    return counts;
}

Tensor takeRows(const Tensor& tensor, const std::vector<std::int64_t>& rows) {
    const Tensor source = tensor.isContiguous() ? tensor : ops::contiguous(tensor);
    Shape sizes = source.sizes();
    sizes[0] = static_cast<std::int64_t>(rows.size());
    Tensor out = Tensor::empty(sizes, source.dtype());
    const std::size_t rowBytes = source.size(0) == 0 ? 0 : source.nbytes() / static_cast<std::size_t>(source.size(0));
    const auto* from = static_cast<const unsigned char*>(source.rawData());
    auto* to = static_cast<unsigned char*>(out.rawData());
    for (std::size_t i = 0; i < rows.size(); ++i)
        std::memcpy(to + i * rowBytes, from + static_cast<std::size_t>(rows[i]) * rowBytes, rowBytes);
    return out;
}

Dataset Dataset::subset(const std::vector<std::int64_t>& rows) const {
    const auto n = static_cast<std::int64_t>(size());
    for (std::int64_t r : rows)
        if (r < 0 || r >= n)
            throw IndexError("Dataset::subset: row " + std::to_string(r) + " is out of range for data set '" + name +
                             "' with " + std::to_string(n) + " rows");
    Dataset out = *this;
    out.features = takeRows(features, rows);
    out.targets = takeRows(targets, rows);
    return out;
}

void Dataset::validate() const {
    auto fail = [&](const std::string& why) { throw ValueError("data set '" + name + "': " + why); };
    if (!features.defined() || !targets.defined()) fail("features and targets must both be set");
    if (features.dtype() != DType::Float32 || features.dim() != 2 || !features.isContiguous())
        fail("features must be a contiguous float32 [N, F] matrix, got " + shapeToString(features.sizes()));
    const std::int64_t n = features.size(0);
    if (task == Task::Classification) {
        if (targets.dtype() != DType::Int64 || targets.dim() != 1 || targets.size(0) != n)
            fail("classification targets must be int64 [" + std::to_string(n) + "], got " +
                 shapeToString(targets.sizes()));
        const std::int64_t* y = targets.data<std::int64_t>();
        for (std::int64_t i = 0; i < n; ++i)
            if (y[i] < 0 || y[i] >= numClasses())
                fail("row " + std::to_string(i) + " has class " + std::to_string(y[i]) + ", outside [0, " +
                     std::to_string(numClasses()) + ")");
    } else if (targets.dtype() != DType::Float32 || targets.dim() != 2 || targets.size(0) != n) {
        fail("regression targets must be float32 [" + std::to_string(n) + ", k], got " +
             shapeToString(targets.sizes()));
    }
    if (!targets.isContiguous()) fail("targets must be contiguous");
    if (static_cast<std::int64_t>(featureNames.size()) != features.size(1))
        fail(std::to_string(featureNames.size()) + " feature names for " + std::to_string(features.size(1)) +
             " features");
    if (shapeNumel(sampleShape) != features.size(1) || sampleShape.empty())
        fail("sample shape " + shapeToString(sampleShape) + " does not hold " + std::to_string(features.size(1)) +
             " features");
}

}  // namespace tessera::data
