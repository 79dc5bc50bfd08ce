// RnnBase: what nn::LSTM and nn::GRU share, as torch's RNNBase: the options, the parameters
// (weight_ih_l{k}, weight_hh_l{k}, bias_ih_l{k}, bias_hh_l{k}, "_reverse" for the backward direction,
// in torch's order), their initialisation U(±1/√hidden_size), the checks of input and initial states,
// and the loop over layers, directions and time steps. A subclass supplies one step of its cell.
//
//   nn::LSTM lstm({.inputSize = 8, .hiddenSize = 16, .numLayers = 2, .bidirectional = true}, gen);
//   auto [out, h, c] = lstm.forward(x, {}, {});   // see lstm.h and gru.h
#pragma once

#include <string>
#include <vector>

#include "core/nn/layer_registry.h"
#include "core/nn/module.h"
#include "core/tensor/generator.h"

namespace tessera::nn {

class RnnBase : public Module {
public:
    struct Options {
        std::int64_t inputSize = 0;
        std::int64_t hiddenSize = 0;
        std::int64_t numLayers = 1;
        bool bias = true;
        bool batchFirst = false;  // input and output [N, T, F] instead of [T, N, F]
        double dropout = 0.0;     // on the outputs of every layer but the last, in training
        bool bidirectional = false;
        std::int64_t projSize = 0;  // LSTM only: h is projected to this size by weight_hr_l{k} (0: none)
    };

    const Options& options() const noexcept { return m_options; }
    std::int64_t numDirections() const noexcept { return m_options.bidirectional ? 2 : 1; }
    // Size of h: proj_size when projecting, hidden_size otherwise.
    std::int64_t outputSize() const noexcept {
        return m_options.projSize > 0 ? m_options.projSize : m_options.hiddenSize;
    }
    // "8, 16, num_layers=2, bidirectional=True", as torch's repr.
    std::string extraRepr() const override;

    // For the layer registry: the keyword options LSTM and GRU share (proj_size is LSTM's own), and
    // Options from resolved ones.
    static std::vector<ParamSpec> registryParams();
    static Options optionsFrom(const io::Json& resolved);

protected:
    // gateCount: 4 for LSTM (i, f, g, o), 3 for GRU (r, z, n).
    RnnBase(std::string typeName, std::int64_t gateCount, const Options& options, Generator& gen);

    // The parameters of one direction of one layer (biases and hr undefined when absent).
    struct Weights {
        Tensor ih, hh, biasIh, biasHh, hr;
    };
    // One step of one direction of one layer. projectedInput is x_t·W_ihᵀ + b_ih [N, gates·H]; states
    // are the cell's states (h first); returns the new states.
    virtual std::vector<Tensor> step(const Tensor& projectedInput, const std::vector<Tensor>& states,
                                     const Weights& weights) = 0;
    // The kernel of core/kernels/rnn_cell.h that computes step()'s cell in one pass, used when the
    // forward records no graph (Note [Fused RNN cell]); None when there is none (LSTM with proj_size).
    enum class FusedCell { None, Lstm, Gru };
    virtual FusedCell fusedCell() const { return FusedCell::None; }

    struct Result {
        Tensor output;               // as the input's layout: [T, N, D·H], [N, T, D·H] or [T, D·H]
        std::vector<Tensor> states;  // each [layers·D, N, H] ([layers·D, H] unbatched); h with outputSize()
    };
    // Checks the input and the initial states (each undefined for zeros, or all given) with torch's
    // messages and runs every layer. stateNames name the states in errors ("hx", "cx").
    Result run(const Tensor& input, std::vector<Tensor> initial, const std::vector<std::string>& stateNames);

private:
    bool canFuse(const Tensor& x, const std::vector<Tensor>& initial) const;
    // One direction of one layer through fusedCell(): the outputs [T, N, H] and the final states.
    Tensor runFused(const Tensor& layerInput, const Weights& w, std::int64_t index, bool reverse,
                    const std::vector<Tensor>& initial, std::vector<Tensor>& finalStates) const;

    Options m_options;
    std::vector<Weights> m_weights;  // layer-major, then direction
};

}  // namespace tessera::nn
