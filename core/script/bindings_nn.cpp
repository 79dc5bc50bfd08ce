// Convolution, pooling, joining and indexing ops: F.conv1d/conv2d, F.max_pool2d, F.avg_pool2d,
// F.adaptive_avg_pool2d, torch.cat/stack/split/chunk, F.embedding, torch.index_select/gather, F.one_hot.
#include "core/ops/conv.h"
#include "core/ops/embedding.h"
#include "core/ops/gather.h"
#include "core/ops/index_select.h"
#include "core/ops/join.h"
#include "core/ops/one_hot.h"
#include "core/ops/pool.h"
#include "core/script/binding.h"

namespace tessera::script {

namespace {

Tensor optionalTensor(const Args& a, std::string_view name) { return a.optTensor(name).value_or(Tensor()); }

// F.conv1d/conv2d: padding is an int, a tuple of ints, or one of torch's strings 'valid' and 'same'.
template <std::size_t kDims, class Conv, class ConvPadded>
Value convolution(const Args& a, Conv conv, ConvPadded convPadded) {
    const Tensor input = a.tensor("input"), weight = a.tensor("weight"), bias = optionalTensor(a, "bias");
    const Shape stride = a.intsOfLength("stride", kDims), dilation = a.intsOfLength("dilation", kDims);
    const Value& padding = a.get("padding");
    if (padding.kind() == Value::Kind::String) {
        const std::string& mode = padding.asString();
        if (mode != "same" && mode != "valid")
            throw ValueError(a.function() + ": Invalid padding string '" + mode +
                             "', should be one of {'valid', 'same'}");
        return Value(convPadded(input, weight, bias, stride,
                                mode == "same" ? ops::ConvPadding::Same : ops::ConvPadding::Valid, dilation,
                                a.integer("groups")));
    }
    return Value(conv(input, weight, bias, stride, a.intsOfLength("padding", kDims), dilation, a.integer("groups")));
}

const BindingGroup kNn([](BindingTable& t) {
    t.add({"F.conv2d", "torch.conv2d"},
          {"input", "weight", Param("bias", Value()), Param("stride", 1), Param("padding", 0), Param("dilation", 1),
           Param("groups", 1)},
          {"conv2d"}, [](const Args& a) {
              return convolution<2>(
                  a,
                  [](const Tensor& x, const Tensor& w, const Tensor& b, const Shape& s, const Shape& p, const Shape& d,
                     std::int64_t g) { return ops::conv2d(x, w, b, s, p, d, g); },
                  [](const Tensor& x, const Tensor& w, const Tensor& b, const Shape& s, ops::ConvPadding p,
                     const Shape& d, std::int64_t g) { return ops::conv2d(x, w, b, s, p, d, g); });
          });
    t.add({"F.conv1d", "torch.conv1d"},
          {"input", "weight", Param("bias", Value()), Param("stride", 1), Param("padding", 0), Param("dilation", 1),
           Param("groups", 1)},
          {"conv1d"}, [](const Args& a) {
              return convolution<1>(
                  a,
                  [](const Tensor& x, const Tensor& w, const Tensor& b, const Shape& s, const Shape& p, const Shape& d,
                     std::int64_t g) { return ops::conv1d(x, w, b, s, p, d, g); },
                  [](const Tensor& x, const Tensor& w, const Tensor& b, const Shape& s, ops::ConvPadding p,
                     const Shape& d, std::int64_t g) { return ops::conv1d(x, w, b, s, p, d, g); });
          });
    t.add(
        {"F.max_pool2d", "torch.max_pool2d"},
        {"input", "kernel_size", Param("stride", Value()), Param("padding", 0), Param("dilation", 1),
         Param("ceil_mode", false), Param("return_indices", false)},
        {"max_pool2d"}, [](const Args& a) {
            const Shape kernel = a.intsOfLength("kernel_size", 2);
            const Shape stride = a.isNone("stride") ? Shape{} : a.intsOfLength("stride", 2);
            const Shape padding = a.intsOfLength("padding", 2), dilation = a.intsOfLength("dilation", 2);
            if (a.boolean("return_indices")) {
                auto [values, indices] = ops::maxPool2dWithIndices(a.tensor("input"), kernel, stride, padding, dilation,
                                                                   a.boolean("ceil_mode"));
                return Value::tensors({values, indices});
            }
            return Value(ops::maxPool2d(a.tensor("input"), kernel, stride, padding, dilation, a.boolean("ceil_mode")));
        });
    t.add({"F.avg_pool2d", "torch.avg_pool2d"},
          {"input", "kernel_size", Param("stride", Value()), Param("padding", 0), Param("ceil_mode", false),
           Param("count_include_pad", true), Param("divisor_override", Value())},
          {"avg_pool2d"}, [](const Args& a) {
              const Shape stride = a.isNone("stride") ? Shape{} : a.intsOfLength("stride", 2);
              return Value(ops::avgPool2d(a.tensor("input"), a.intsOfLength("kernel_size", 2), stride,
                                          a.intsOfLength("padding", 2), a.boolean("ceil_mode"),
                                          a.boolean("count_include_pad"), a.optInteger("divisor_override")));
          });
    t.add({"F.adaptive_avg_pool2d", "torch.adaptive_avg_pool2d"}, {"input", "output_size"}, {"adaptive_avg_pool2d"},
          [](const Args& a) {
              // torch accepts None in output_size for "keep the input's size there".
              const Tensor x = a.tensor("input");
              const Value& size = a.get("output_size");
              if (!size.isSequence()) return Value(ops::adaptiveAvgPool2d(x, a.intsOfLength("output_size", 2)));
              const auto& items = size.items();
              if (items.size() != 2) a.wrongType("output_size", "an int or a tuple of 2 ints or None");
              Shape out(2);
              for (std::size_t i = 0; i < 2; ++i)
                  out[i] = items[i].isNone() ? x.size(x.dim() - 2 + static_cast<std::int64_t>(i)) : items[i].asInt();
              return Value(ops::adaptiveAvgPool2d(x, out));
          });
    t.add({"torch.cat", "torch.concat"}, {"tensors", Param("dim", 0)}, {"cat"},
          [](const Args& a) { return Value(ops::cat(a.tensors("tensors"), a.integer("dim"))); });
    t.add({"torch.stack"}, {"tensors", Param("dim", 0)}, {"stack"},
          [](const Args& a) { return Value(ops::stack(a.tensors("tensors"), a.integer("dim"))); });
    t.add({"torch.split", "Tensor.split"}, {"tensor", "split_size_or_sections", Param("dim", 0)}, {"split"},
          [](const Args& a) {
              const Value& sizes = a.get("split_size_or_sections");
              const Tensor x = a.tensor("tensor");
              if (!sizes.isSequence())
                  return Value::tensors(ops::split(x, a.integer("split_size_or_sections"), a.integer("dim")));
              return Value::tensors(ops::splitWithSizes(x, a.ints("split_size_or_sections"), a.integer("dim")));
          });
    t.add({"torch.chunk", "Tensor.chunk"}, {"input", "chunks", Param("dim", 0)}, {"chunk"}, [](const Args& a) {
        return Value::tensors(ops::chunk(a.tensor("input"), a.integer("chunks"), a.integer("dim")));
    });
    t.add({"F.embedding"},
          {"input", "weight", Param("padding_idx", Value()), Param("max_norm", Value()), Param("norm_type", 2.0),
           Param("scale_grad_by_freq", false), Param("sparse", false)},
          {"embedding"}, [](const Args& a) {
              if (!a.isNone("max_norm") || a.boolean("scale_grad_by_freq") || a.boolean("sparse"))
                  throw ValueError("embedding: max_norm, scale_grad_by_freq and sparse are not supported");
              return Value(ops::embedding(a.tensor("input"), a.tensor("weight"), a.optInteger("padding_idx")));
          });
    t.add(
        {"torch.index_select", "Tensor.index_select"}, {"input", "dim", "index"}, {"index_select"},
        [](const Args& a) { return Value(ops::indexSelect(a.tensor("input"), a.integer("dim"), a.tensor("index"))); });
    t.add({"torch.gather", "Tensor.gather"}, {"input", "dim", "index"}, {"gather"},
          [](const Args& a) { return Value(ops::gather(a.tensor("input"), a.integer("dim"), a.tensor("index"))); });
    t.add({"F.one_hot"}, {"tensor", Param("num_classes", -1)}, {"one_hot"},
          [](const Args& a) { return Value(ops::oneHot(a.tensor("tensor"), a.integer("num_classes"))); });
});

}  // namespace

}  // namespace tessera::script
