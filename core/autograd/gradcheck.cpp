#include "core/autograd/gradcheck.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>

#include "core/autograd/engine.h"
#include "core/tensor/factory.h"

namespace tessera::autograd {

namespace {

// Output values flattened to doubles, one vector per differentiable output.
std::vector<std::vector<double>> evaluate(const DifferentiableFn& fn, const TensorList& inputs) {
    NoGradGuard noGrad;
    std::vector<std::vector<double>> out;
    for (const auto& t : fn(inputs))
        out.push_back(t.defined() && isFloating(t.dtype()) ? t.toVector<double>() : std::vector<double>{});
    return out;
}

// torch's _differentiable_outputs: the outputs whose Jacobian the engine can give.
bool differentiable(const Tensor& t) { return t.defined() && isFloating(t.dtype()) && t.requiresGrad(); }

double* writableElement(const Tensor& t, std::int64_t flatIndex) {
    // Row-major flat index → storage offset, for any strides.
    std::int64_t off = 0, rem = flatIndex;
    for (std::int64_t d = t.dim() - 1; d >= 0; --d) {
        off += (rem % t.size(d)) * t.stride(d);
        rem /= t.size(d);
    }
    return t.data<double>() + off;
}

}  // namespace

GradcheckResult gradcheck(const DifferentiableFn& fn, const TensorList& inputs, const GradcheckOptions& options) {
    for (std::size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].defined() && inputs[i].requiresGrad() && inputs[i].dtype() != DType::Float64)
            throw TypeError("gradcheck: input " + std::to_string(i) + " requires grad but is " +
                            std::string(dtypeName(inputs[i].dtype())) + "; gradcheck needs float64 inputs");
    TensorList outputs;
    {
        EnableGradGuard grad;
        outputs = fn(inputs);
    }
    const auto base = evaluate(fn, inputs);
    const bool anyDifferentiable = std::any_of(outputs.begin(), outputs.end(), differentiable);
    GradcheckResult result;
    for (std::size_t o = 0; o < outputs.size(); ++o) {
        const Tensor& out = outputs[o];
        if (!out.defined() || !isFloating(out.dtype())) continue;
        const std::int64_t nOut = out.numel();
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            const Tensor& in = inputs[i];
            if (!in.defined() || !in.requiresGrad()) continue;
            const std::int64_t nIn = in.numel();
            // Numerical Jacobian column by column: d out / d in[j].
            std::vector<double> numeric(static_cast<std::size_t>(nOut * nIn));
            for (std::int64_t j = 0; j < nIn; ++j) {
                double* x = writableElement(in, j);
                const double orig = *x;
                *x = orig + options.eps;
                const auto plus = evaluate(fn, inputs);
                *x = orig - options.eps;
                const auto minus = evaluate(fn, inputs);
                *x = orig;
                for (std::int64_t k = 0; k < nOut; ++k)
                    numeric[static_cast<std::size_t>(k * nIn + j)] =
                        (plus[o][static_cast<std::size_t>(k)] - minus[o][static_cast<std::size_t>(k)]) /
                        (2 * options.eps);
            }
            // An output without a graph (a comparison, a detached value, the constant gradient of a
            // linear op) has no analytical Jacobian. As torch: it is ignored next to differentiable
            // outputs; when no output is differentiable, the numerical Jacobian must be zero.
            if (!differentiable(out)) {
                if (anyDifferentiable) continue;
                for (std::int64_t k = 0; k < nOut; ++k)
                    for (std::int64_t j = 0; j < nIn; ++j) {
                        const double n = numeric[static_cast<std::size_t>(k * nIn + j)];
                        if (!(std::abs(n) <= options.atol)) {
                            std::ostringstream os;
                            os << "Numerical gradient for function expected to be zero: output " << o
                               << " does not require grad, but its derivative with respect to input " << i
                               << ", element (" << k << ", " << j << ") is " << n;
                            result.ok = false;
                            result.message = os.str();
                            return result;
                        }
                    }
                continue;
            }
            // Analytic Jacobian row by row: a one-hot grad_output per output element.
            for (std::int64_t k = 0; k < nOut; ++k) {
                Tensor onehot = zeros(out.sizes(), out.dtype());
                visitFloating(out.dtype(), "gradcheck", [&]<class T>() { onehot.data<T>()[k] = T(1); });
                TensorList g = grad({out}, {in}, {onehot}, /*retainGraph=*/true, false, /*allowUnused=*/true);
                const std::vector<double> row =
                    g[0].defined() ? g[0].toVector<double>() : std::vector<double>(static_cast<std::size_t>(nIn), 0.0);
                for (std::int64_t j = 0; j < nIn; ++j) {
                    const double a = row[static_cast<std::size_t>(j)];
                    const double n = numeric[static_cast<std::size_t>(k * nIn + j)];
                    if (!(std::abs(a - n) <= options.atol + options.rtol * std::abs(n))) {
                        std::ostringstream os;
                        os << "Jacobian mismatch for output " << o << " with respect to input " << i << ", element ("
                           << k << ", " << j << "): numerical " << n << ", analytical " << a;
                        result.ok = false;
                        result.message = os.str();
                        return result;
                    }
                }
            }
        }
    }
    return result;
}

GradcheckResult gradgradcheck(const DifferentiableFn& fn, const TensorList& inputs, const GradcheckOptions& options) {
    TensorList outputs;
    {
        EnableGradGuard grad;
        outputs = fn(inputs);
    }
    std::mt19937_64 rng(0);
    std::normal_distribution<double> normal;
    // Only the differentiable outputs take part (torch's gradgradcheck): the others have no gradient,
    // and a first derivative that does not depend on the inputs (x + 2) is checked as a constant.
    std::vector<std::size_t> diffOutputs;
    for (std::size_t o = 0; o < outputs.size(); ++o)
        if (differentiable(outputs[o])) diffOutputs.push_back(o);
    TensorList gradOutputs;
    for (std::size_t o : diffOutputs) {
        const Tensor& out = outputs[o];
        Tensor g = Tensor::empty(out.sizes(), DType::Float64);
        for (std::int64_t k = 0; k < g.numel(); ++k) g.data<double>()[k] = normal(rng);
        g.setRequiresGrad();
        gradOutputs.push_back(g);
    }
    std::vector<std::size_t> diffInputs;
    for (std::size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].defined() && inputs[i].requiresGrad()) diffInputs.push_back(i);
    const std::size_t nIn = inputs.size();
    DifferentiableFn first = [&](const TensorList& all) {
        TensorList in(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(nIn));
        TensorList gOut(all.begin() + static_cast<std::ptrdiff_t>(nIn), all.end());
        EnableGradGuard grad;
        const TensorList allOuts = fn(in);
        TensorList outs;
        for (std::size_t o : diffOutputs) outs.push_back(allOuts[o]);
        if (outs.empty()) return TensorList{};
        TensorList wrt;
        for (auto i : diffInputs) wrt.push_back(in[i]);
        TensorList g = autograd::grad(outs, wrt, gOut, true, /*createGraph=*/true, /*allowUnused=*/true);
        TensorList result;
        for (auto& t : g)
            if (t.defined()) result.push_back(t);
        return result;
    };
    TensorList all = inputs;
    all.insert(all.end(), gradOutputs.begin(), gradOutputs.end());
    return gradcheck(first, all, options);
}

}  // namespace tessera::autograd
