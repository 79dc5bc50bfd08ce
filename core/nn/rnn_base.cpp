// The loop is torch 1.13's CPU RNN (aten/src/ATen/native/RNN.cpp): per layer and direction the input
// projection of all time steps is one GEMM, then each step adds the hidden projection and applies the
// cell; the reverse direction walks the steps backwards and stores its outputs in their positions.
#include "core/nn/rnn_base.h"

#include <cmath>
#include <sstream>

#include "core/autograd/grad_mode.h"
#include "core/kernels/gemm.h"
#include "core/kernels/rnn_cell.h"
#include "core/nn/init.h"
#include "core/nn/py_format.h"
#include "core/ops/dropout.h"
#include "core/ops/join.h"
#include "core/ops/matmul.h"
#include "core/ops/view.h"
#include "core/profile/profiler.h"
#include "core/tensor/factory.h"

namespace tessera::nn {

RnnBase::RnnBase(std::string typeName, std::int64_t gateCount, const Options& options, Generator& gen)
    : Module(std::move(typeName)), m_options(options) {
    const std::string& name = this->typeName();
    if (options.inputSize < 1)
        throw ValueError(name + ": input_size must be at least 1, got " + std::to_string(options.inputSize));
    if (options.hiddenSize < 1)
        throw ValueError(name + ": hidden_size must be at least 1, got " + std::to_string(options.hiddenSize));
    if (options.projSize < 0)
        throw ValueError(name + ": proj_size should be a positive integer or zero to disable projections, got " +
                         std::to_string(options.projSize));
    if (options.projSize >= options.hiddenSize)
        throw ValueError(name + ": proj_size has to be smaller than hidden_size (proj_size " +
                         std::to_string(options.projSize) + ", hidden_size " + std::to_string(options.hiddenSize) +
                         ")");
    if (options.numLayers < 1)
        throw ValueError(name + ": num_layers must be at least 1, got " + std::to_string(options.numLayers));
    if (!(options.dropout >= 0.0 && options.dropout <= 1.0))
        throw ValueError(name +
                         ": dropout should be a number in range [0, 1] representing the probability of an element "
                         "being zeroed, got " +
                         pyFloat(options.dropout));

    // reset_parameters: every parameter U(±1/√hidden_size), in registration order.
    const double bound = 1.0 / std::sqrt(static_cast<double>(options.hiddenSize));
    auto uniform = [&](const Shape& sizes) { return init::uniform(sizes, bound, gen); };
    const std::int64_t gates = gateCount * options.hiddenSize;
    for (std::int64_t layer = 0; layer < options.numLayers; ++layer) {
        for (std::int64_t direction = 0; direction < numDirections(); ++direction) {
            const std::int64_t in = layer == 0 ? options.inputSize : outputSize() * numDirections();
            const std::string suffix = "_l" + std::to_string(layer) + (direction == 1 ? "_reverse" : "");
            Weights w;
            w.ih = registerParameter("weight_ih" + suffix, uniform({gates, in}));
            w.hh = registerParameter("weight_hh" + suffix, uniform({gates, outputSize()}));
            if (options.bias) {
                w.biasIh = registerParameter("bias_ih" + suffix, uniform({gates}));
                w.biasHh = registerParameter("bias_hh" + suffix, uniform({gates}));
            }
            if (options.projSize > 0)
                w.hr = registerParameter("weight_hr" + suffix, uniform({options.projSize, options.hiddenSize}));
            m_weights.push_back(w);
        }
    }
}

std::string RnnBase::extraRepr() const {
    std::ostringstream os;
    os << m_options.inputSize << ", " << m_options.hiddenSize;
    if (m_options.projSize != 0) os << ", proj_size=" << m_options.projSize;
    if (m_options.numLayers != 1) os << ", num_layers=" << m_options.numLayers;
    if (!m_options.bias) os << ", bias=False";
    if (m_options.batchFirst) os << ", batch_first=True";
    if (m_options.dropout != 0.0) os << ", dropout=" << pyFloat(m_options.dropout);
    if (m_options.bidirectional) os << ", bidirectional=True";
    return os.str();
}

std::vector<ParamSpec> RnnBase::registryParams() {
    return {
        {.name = "input_size",
         .type = ParamType::Int,
         .required = true,
         .min = 1,
         .help = "Number of features of each input step (the last dimension)."},
        {.name = "hidden_size",
         .type = ParamType::Int,
         .required = true,
         .min = 1,
         .help = "Number of features of the hidden state."},
        {.name = "num_layers",
         .type = ParamType::Int,
         .defaultValue = 1,
         .min = 1,
         .help = "Number of stacked recurrent layers; each layer reads the outputs of the one before."},
        {.name = "bias", .type = ParamType::Bool, .defaultValue = true, .help = "Learn the biases b_ih and b_hh."},
        {.name = "batch_first",
         .type = ParamType::Bool,
         .defaultValue = false,
         .help = "Input and output are [batch, time, features] instead of [time, batch, features]."},
        {.name = "dropout",
         .type = ParamType::Float,
         .defaultValue = 0.0,
         .min = 0,
         .max = 1,
         .help = "Dropout probability on the outputs of every layer but the last, in training."},
        {.name = "bidirectional",
         .type = ParamType::Bool,
         .defaultValue = false,
         .help = "Add a layer that reads the sequence backwards; outputs concatenate both directions."},
    };
}

RnnBase::Options RnnBase::optionsFrom(const io::Json& o) {
    return {.inputSize = o.at("input_size").asInteger(),
            .hiddenSize = o.at("hidden_size").asInteger(),
            .numLayers = o.at("num_layers").asInteger(),
            .bias = o.at("bias").asBool(),
            .batchFirst = o.at("batch_first").asBool(),
            .dropout = o.at("dropout").asNumber(),
            .bidirectional = o.at("bidirectional").asBool(),
            .projSize = o.contains("proj_size") ? o.at("proj_size").asInteger() : 0};
}

RnnBase::Result RnnBase::run(const Tensor& input, std::vector<Tensor> initial,
                             const std::vector<std::string>& stateNames) {
    const std::string& name = typeName();
    const bool batched = input.dim() == 3;
    const std::int64_t batchDim = m_options.batchFirst ? 0 : 1;
    Tensor x = batched || input.dim() != 2 ? input : ops::unsqueeze(input, batchDim);

    std::size_t given = 0;
    for (const Tensor& h : initial) given += h.defined() ? 1 : 0;
    if (given != 0 && given != initial.size())
        throw ValueError(name + ": give every initial state or none, got only some of them");
    if (given != 0) {
        const std::int64_t want = batched ? 3 : 2;
        bool wrong = false;
        std::string names, dims;
        for (std::size_t i = 0; i < initial.size(); ++i) {
            wrong = wrong || initial[i].dim() != want;
            names += (i ? " and " : "") + stateNames[i];
            dims += (i ? ", " : "") + std::to_string(initial[i].dim()) + "-D";
        }
        if (wrong)
            throw ShapeError(name + ": for " + (batched ? "batched 3-D" : "unbatched 2-D") + " input, " + names +
                             " should also be " + std::to_string(want) + "-D but got " +
                             (initial.size() > 1 ? "(" + dims + ") tensors" : dims + " tensor"));
        if (!batched)
            for (Tensor& h : initial) h = ops::unsqueeze(h, 1);
    }
    if (x.dim() != 3)
        throw ShapeError(name + ": input must have 3 dimensions (2 unbatched), got " + std::to_string(x.dim()));
    if (x.size(-1) != m_options.inputSize)
        throw ShapeError(name + ": input.size(-1) must be equal to input_size. Expected " +
                         std::to_string(m_options.inputSize) + ", got " + std::to_string(x.size(-1)));
    if (m_options.batchFirst) x = ops::transpose(x, 0, 1);
    const std::int64_t steps = x.size(0), batch = x.size(1);
    for (std::size_t i = 0; i < initial.size(); ++i) {
        const Shape stateSizes{m_options.numLayers * numDirections(), batch,
                               i == 0 ? outputSize() : m_options.hiddenSize};
        if (!initial[i].defined()) {
            initial[i] = zeros(stateSizes, x.dtype());
        } else if (initial[i].sizes() != stateSizes) {
            const std::string which = initial.size() > 1 ? "hidden[" + std::to_string(i) + "]" : "hidden";
            throw ShapeError(name + ": Expected " + which + " size " + pyTuple(stateSizes) + ", got " +
                             shapeToString(initial[i].sizes()));
        }
    }
    if (steps == 0)
        throw ShapeError(name + ": Expected sequence length to be larger than 0 in RNN, got input of sizes " +
                         shapeToString(input.sizes()));

    std::vector<std::vector<Tensor>> finals(initial.size());
    const bool fused = canFuse(x, initial);
    Tensor layerInput = x;
    for (std::int64_t layer = 0; layer < m_options.numLayers; ++layer) {
        std::vector<Tensor> directionOutputs;
        for (std::int64_t direction = 0; direction < numDirections(); ++direction) {
            const std::int64_t index = layer * numDirections() + direction;
            profile::Scope scope("l" + std::to_string(layer) + (direction == 1 ? "_reverse" : ""));
            const Weights& w = m_weights[static_cast<std::size_t>(index)];
            if (fused) {
                std::vector<Tensor> states;
                directionOutputs.push_back(runFused(layerInput, w, index, direction == 1, initial, states));
                for (std::size_t s = 0; s < states.size(); ++s) finals[s].push_back(states[s]);
                continue;
            }
            // Split once rather than select per step: the backward is then one cat of the step grads
            // (torch's unbind), not a full-size zero tensor per step.
            const auto projected = ops::split(ops::linear(layerInput, w.ih, w.biasIh), 1, 0);
            std::vector<Tensor> states;
            for (const Tensor& h : initial) states.push_back(ops::select(h, 0, index));
            std::vector<Tensor> outputs(static_cast<std::size_t>(steps));
            for (std::int64_t i = 0; i < steps; ++i) {
                const std::int64_t t = direction == 0 ? i : steps - 1 - i;
                states = step(ops::squeeze(projected[static_cast<std::size_t>(t)], 0), states, w);
                outputs[static_cast<std::size_t>(t)] = states[0];
            }
            directionOutputs.push_back(ops::stack(outputs, 0));
            for (std::size_t s = 0; s < states.size(); ++s) finals[s].push_back(states[s]);
        }
        layerInput = directionOutputs.size() == 1 ? directionOutputs[0] : ops::cat(directionOutputs, 2);
        if (m_options.dropout > 0.0 && isTraining() && layer + 1 < m_options.numLayers)
            layerInput = ops::dropout(layerInput, m_options.dropout, true);
    }

    Result result;
    result.output = layerInput;
    for (auto& list : finals) result.states.push_back(ops::stack(list, 0));
    if (!batched) {
        result.output = ops::squeeze(result.output, 1);
        for (Tensor& h : result.states) h = ops::squeeze(h, 1);
    } else if (m_options.batchFirst) {
        result.output = ops::transpose(result.output, 0, 1);
    }
    return result;
}

bool RnnBase::canFuse(const Tensor& x, const std::vector<Tensor>& initial) const {
    if (fusedCell() == FusedCell::None) return false;
    if (x.dtype() != DType::Float32 && x.dtype() != DType::Float64) return false;
    if (!autograd::GradMode::isEnabled()) return true;
    if (x.requiresGrad()) return false;
    for (const Tensor& h : initial)
        if (h.requiresGrad()) return false;
    for (const Weights& w : m_weights)
        for (const Tensor* p : {&w.ih, &w.hh, &w.biasIh, &w.biasHh})
            if (p->defined() && p->requiresGrad()) return false;
    return true;
}

// torch's loop with its allocations hoisted: the input projection of all steps is one GEMM, then each
// step is one GEMM (h·W_hhᵀ + b_hh into a reused buffer) and one pass of the fused cell, which writes h'
// straight into the output sequence. Same values as the op-by-op steps (Note [Fused RNN cell]).
Tensor RnnBase::runFused(const Tensor& layerInput, const Weights& w, std::int64_t index, bool reverse,
                         const std::vector<Tensor>& initial, std::vector<Tensor>& finalStates) const {
    autograd::NoGradGuard noGrad;
    const FusedCell cell = fusedCell();
    const Tensor projected = ops::contiguous(ops::linear(layerInput, w.ih, w.biasIh));
    // W_hhᵀ laid out once, so that every step's GEMM reads B in place instead of packing it again.
    const Tensor hh = ops::contiguous(ops::t(w.hh));
    const Tensor biasHh = w.biasHh.defined() ? ops::contiguous(w.biasHh) : Tensor();
    for (const Tensor* p : {&hh, &biasHh})
        if (p->defined() && p->dtype() != projected.dtype())
            throw TypeError(typeName() + ": weight_hh and bias_hh must have the input's dtype " +
                            std::string(dtypeName(projected.dtype())) + ", got " + std::string(dtypeName(p->dtype())));
    const std::int64_t steps = projected.size(0), batch = projected.size(1), gates = hh.size(1);
    const std::int64_t hidden = m_options.hiddenSize;
    const DType dtype = projected.dtype();
    Tensor out = Tensor::empty({steps, batch, hidden}, dtype);
    Tensor hhOut = Tensor::empty({batch, gates}, dtype);
    const Tensor h0 = ops::contiguous(ops::select(initial[0], 0, index));
    Tensor c;
    if (cell == FusedCell::Lstm) c = ops::clone(ops::select(initial[1], 0, index));
    visitFloating(dtype, typeName(), [&]<class T>() {
        const T* proj = projected.data<T>();
        const T* weight = hh.data<T>();
        const T* bias = biasHh.defined() ? biasHh.data<T>() : nullptr;
        T* o = out.data<T>();
        T* gateRows = hhOut.data<T>();
        const T* hPrev = h0.data<T>();
        const kernels::GemmEpilogue<T> ep{.bias = bias,
                                          .biasKind = bias ? kernels::BiasKind::PerColumn : kernels::BiasKind::None};
        for (std::int64_t i = 0; i < steps; ++i) {
            const std::int64_t t = reverse ? steps - 1 - i : i;
            kernels::gemm(kernels::MatrixRef<const T>{hPrev, batch, hidden, hidden, 1},
                          kernels::MatrixRef<const T>{weight, hidden, gates, gates, 1},
                          kernels::MatrixRef<T>{gateRows, batch, gates, gates, 1}, ep);
            T* hNew = o + t * batch * hidden;
            const T* xg = proj + t * batch * gates;
            if (cell == FusedCell::Lstm)
                kernels::lstmCell<T>(gateRows, xg, c.data<T>(), hNew, batch, hidden);
            else
                kernels::gruCell<T>(gateRows, xg, hPrev, hNew, batch, hidden);
            hPrev = hNew;
        }
    });
    finalStates = {ops::clone(ops::select(out, 0, reverse ? 0 : steps - 1))};
    if (cell == FusedCell::Lstm) finalStates.push_back(c);
    return out;
}

}  // namespace tessera::nn
