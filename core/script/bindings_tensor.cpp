// What a Tensor says about itself (size, shape, stride, dim, numel, dtype, is_contiguous, item),
// torch.tensor from nested lists, and the few Python builtins scripts use (len, int, float, abs).
// None of these call a registry op.
#include <cmath>
#include <functional>

#include "core/script/binding.h"

namespace tessera::script {

namespace {

// The sizes of a nested list/tuple of numbers and its elements in row-major order.
void collectNested(const Value& v, std::size_t depth, Shape& sizes, std::vector<Value>& flat) {
    if (!v.isSequence()) {
        if (!v.isNumber()) throw TypeError("tensor(): could not infer dtype of " + v.typeName());
        if (depth != sizes.size()) throw ValueError("tensor(): expected a sequence at depth " + std::to_string(depth));
        flat.push_back(v);
        return;
    }
    const auto n = static_cast<std::int64_t>(v.items().size());
    if (depth == sizes.size()) {
        if (!flat.empty()) throw ValueError("tensor(): expected a number at depth " + std::to_string(depth));
        sizes.push_back(n);
    } else if (depth > sizes.size() || sizes[depth] != n) {
        throw ValueError("tensor(): expected sequence of length " +
                         (depth < sizes.size() ? std::to_string(sizes[depth]) : std::string("?")) + " at dim " +
                         std::to_string(depth) + " (got " + std::to_string(n) + ")");
    }
    for (const auto& item : v.items()) collectNested(item, depth + 1, sizes, flat);
}

Value makeTensor(const Args& a) {
    Shape sizes;
    std::vector<Value> flat;
    collectNested(a.get("data"), 0, sizes, flat);
    DType dtype = DType::Bool;
    bool allBool = true, anyFloat = false;
    for (const auto& v : flat) {
        allBool = allBool && v.kind() == Value::Kind::Bool;
        anyFloat = anyFloat || v.kind() == Value::Kind::Float;
    }
    if (!flat.empty() && !allBool) dtype = anyFloat ? DType::Float32 : DType::Int64;
    if (flat.empty()) dtype = DType::Float32;
    if (auto d = a.optDType("dtype")) dtype = *d;
    Tensor out = Tensor::empty(sizes, dtype);
    visitDType(dtype, [&]<class T>() {
        T* p = out.data<T>();
        for (std::size_t i = 0; i < flat.size(); ++i) {
            if constexpr (std::is_same_v<T, std::int64_t>) {
                if (flat[i].kind() == Value::Kind::Float)
                    p[i] = static_cast<T>(flat[i].asDouble());
                else
                    p[i] = flat[i].kind() == Value::Kind::Bool ? flat[i].asBool() : flat[i].asInt();
            } else {
                p[i] = static_cast<T>(flat[i].asDouble());
            }
        }
    });
    return Value(out);
}

Value itemOf(const Tensor& x) {
    switch (x.dtype()) {
        case DType::Float32:
        case DType::Float64:
            return Value(x.item<double>());
        case DType::Int64:
            return Value(x.item<std::int64_t>());
        case DType::Bool:
            return Value(x.item<bool>());
    }
    return {};
}

const BindingGroup kTensorInfo([](BindingTable& t) {
    t.add({"Tensor.size"}, {"input", Param("dim", Value())}, {}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return a.isNone("dim") ? Value::shape(x.sizes()) : Value(x.size(a.integer("dim")));
    });
    t.add({"Tensor.stride"}, {"input", Param("dim", Value())}, {}, [](const Args& a) {
        const Tensor x = a.tensor("input");
        return a.isNone("dim") ? Value::shape(x.strides()) : Value(x.stride(a.integer("dim")));
    });
    t.add({"Tensor.dim", "Tensor.ndimension"}, {"input"}, {},
          [](const Args& a) { return Value(a.tensor("input").dim()); });
    t.add({"torch.numel", "Tensor.numel"}, {"input"}, {},
          [](const Args& a) { return Value(a.tensor("input").numel()); });
    t.add({"Tensor.storage_offset"}, {"input"}, {},
          [](const Args& a) { return Value(a.tensor("input").storageOffset()); });
    t.add({"Tensor.is_contiguous"}, {"input"}, {},
          [](const Args& a) { return Value(a.tensor("input").isContiguous()); });
    t.add({"Tensor.is_floating_point", "torch.is_floating_point"}, {"input"}, {},
          [](const Args& a) { return Value(isFloating(a.tensor("input").dtype())); });
    t.add({"Tensor.item"}, {"input"}, {}, [](const Args& a) { return itemOf(a.tensor("input")); });
    t.add({"torch.tensor"}, {"data", keywordOnly("dtype", Value())}, {}, makeTensor);
    t.addProperty("shape", {}, [](const Tensor& x) { return Value::shape(x.sizes()); });
    t.addProperty("ndim", {}, [](const Tensor& x) { return Value(x.dim()); });
    t.addProperty("dtype", {}, [](const Tensor& x) { return Value(x.dtype()); });

    t.add({"builtins.len"}, {"obj"}, {}, [](const Args& a) {
        const Value& v = a.get("obj");
        if (v.isSequence()) return Value(static_cast<std::int64_t>(v.items().size()));
        if (v.kind() == Value::Kind::Strings) return Value(static_cast<std::int64_t>(v.asStrings().size()));
        if (v.kind() == Value::Kind::Dict) return Value(static_cast<std::int64_t>(v.asDict().items.size()));
        if (v.isTensor()) {
            if (v.asTensor().dim() == 0) throw TypeError("len() of a 0-d tensor");
            return Value(v.asTensor().size(0));
        }
        a.wrongType("obj", "a tuple, list, dict, array or Tensor");
    });
    t.add({"builtins.list"}, {"iterable"}, {}, [](const Args& a) {
        const Value& v = a.get("iterable");
        if (v.isSequence()) return Value::list(v.items());
        if (v.kind() == Value::Kind::Strings) {
            std::vector<Value> items(v.asStrings().begin(), v.asStrings().end());
            return Value::list(std::move(items));
        }
        if (v.kind() == Value::Kind::Dict) {
            std::vector<Value> keys;
            for (const auto& [k, item] : v.asDict().items) keys.push_back(k);
            return Value::list(std::move(keys));
        }
        a.wrongType("iterable", "a tuple, list, dict or array of str");
    });
    t.add({"builtins.int"}, {"x"}, {}, [](const Args& a) {
        const Value& v = a.get("x");
        if (v.isTensor()) return Value(static_cast<std::int64_t>(itemOf(v.asTensor()).asDouble()));
        if (!v.isNumber()) a.wrongType("x", "a number");
        return Value(static_cast<std::int64_t>(v.asDouble()));
    });
    t.add({"builtins.float"}, {"x"}, {}, [](const Args& a) {
        const Value& v = a.get("x");
        if (v.kind() == Value::Kind::String) {
            const std::string& s = v.asString();
            if (s == "inf" || s == "+inf") return Value(HUGE_VAL);
            if (s == "-inf") return Value(-HUGE_VAL);
            if (s == "nan") return Value(std::nan(""));
            throw ValueError("could not convert string to float: '" + s + "'");
        }
        if (v.isTensor()) return Value(itemOf(v.asTensor()).asDouble());
        if (!v.isNumber()) a.wrongType("x", "a number");
        return Value(v.asDouble());
    });
    t.add({"builtins.abs"}, {"x"}, {}, [](const Args& a) {
        const Value& v = a.get("x");
        if (v.kind() == Value::Kind::Float) return Value(std::fabs(v.asDouble()));
        if (v.kind() == Value::Kind::Int) return Value(v.asInt() < 0 ? -v.asInt() : v.asInt());
        a.wrongType("x", "int or float");
    });
});

}  // namespace

}  // namespace tessera::script
