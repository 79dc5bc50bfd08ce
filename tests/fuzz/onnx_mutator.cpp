// The ONNX fuzzer's structure-aware mutator: a byte flip in a protobuf usually breaks a length prefix,
// and the file stops parsing. This one parses the ModelProto, changes one thing the importer reads (an
// operator's type, an attribute's value, an initializer's dims, data type or bytes, a value's shape,
// the opset, a node's inputs, the node list) and serialises it again, so the importer's checks see
// well-formed models that lie. Unparsable inputs go to libFuzzer's byte mutator.
#include <onnx/onnx_pb.h>

#include <cstring>
#include <random>
#include <string>

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

namespace {

std::int64_t boundary(std::mt19937_64& rng, std::int64_t old) {
    static const std::int64_t values[] = {0,
                                          1,
                                          -1,
                                          2,
                                          3,
                                          4,
                                          7,
                                          8,
                                          16,
                                          64,
                                          65535,
                                          65536,
                                          1 << 24,
                                          2147483647,
                                          -2147483648LL,
                                          4294967296LL,
                                          1000000000000LL,
                                          INT64_MAX,
                                          INT64_MIN};
    const std::size_t n = std::size(values);
    const std::size_t pick = rng() % (n + 2);
    return pick < n ? values[pick] : pick == n ? old + 1 : old - 1;
}

const char* const kOps[] = {"Gemm",
                            "MatMul",
                            "Conv",
                            "Relu",
                            "Add",
                            "Mul",
                            "BatchNormalization",
                            "MaxPool",
                            "AveragePool",
                            "GlobalAveragePool",
                            "Flatten",
                            "Reshape",
                            "Transpose",
                            "LSTM",
                            "GRU",
                            "Softmax",
                            "LogSoftmax",
                            "Sigmoid",
                            "Tanh",
                            "Identity",
                            "Dropout",
                            "Concat",
                            "Gather",
                            "Unsqueeze",
                            "Squeeze",
                            "Shape",
                            "Constant",
                            "Abs"};

void mutateNode(onnx::GraphProto& g, std::mt19937_64& rng) {
    if (g.node_size() == 0) return;
    onnx::NodeProto& node = *g.mutable_node(static_cast<int>(rng() % g.node_size()));
    switch (rng() % 6) {
        case 0:
            node.set_op_type(kOps[rng() % std::size(kOps)]);
            break;
        case 1:
            if (node.attribute_size() > 0) {
                onnx::AttributeProto& a = *node.mutable_attribute(static_cast<int>(rng() % node.attribute_size()));
                if (a.ints_size() > 0)
                    a.set_ints(static_cast<int>(rng() % a.ints_size()), boundary(rng, a.ints(0)));
                else
                    a.set_i(boundary(rng, a.i()));
                if (rng() % 4 == 0) a.set_f(static_cast<float>(boundary(rng, 0)) / 3.0f);
            }
            break;
        case 2:
            if (node.input_size() > 0) node.mutable_input()->RemoveLast();
            break;
        case 3:
            if (node.input_size() > 0 && g.node_size() > 0) {
                const onnx::NodeProto& other = g.node(static_cast<int>(rng() % g.node_size()));
                if (other.output_size() > 0)
                    node.set_input(static_cast<int>(rng() % node.input_size()), other.output(0));
            }
            break;
        case 4:
            *g.add_node() = node;
            break;
        default:
            g.mutable_node()->DeleteSubrange(static_cast<int>(rng() % g.node_size()), 1);
            break;
    }
}

void mutateInitializer(onnx::GraphProto& g, std::mt19937_64& rng) {
    if (g.initializer_size() == 0) return;
    onnx::TensorProto& t = *g.mutable_initializer(static_cast<int>(rng() % g.initializer_size()));
    switch (rng() % 5) {
        case 0:
            if (t.dims_size() > 0) t.set_dims(static_cast<int>(rng() % t.dims_size()), boundary(rng, t.dims(0)));
            break;
        case 1:
            t.add_dims(boundary(rng, 1));
            break;
        case 2:
            t.set_data_type(static_cast<int>(rng() % 18));
            break;
        case 3:
            t.mutable_raw_data()->resize(t.raw_data().size() / (1 + rng() % 3));
            break;
        default:
            t.clear_raw_data();
            for (int i = 0; i < 4; ++i) t.add_float_data(1.0f);
            break;
    }
}

void mutateValueInfo(onnx::GraphProto& g, std::mt19937_64& rng) {
    auto* values = rng() % 2 ? g.mutable_input() : g.mutable_output();
    if (values->empty()) return;
    onnx::ValueInfoProto& v = (*values)[static_cast<int>(rng() % values->size())];
    auto* shape = v.mutable_type()->mutable_tensor_type()->mutable_shape();
    if (rng() % 4 == 0 || shape->dim_size() == 0) {
        shape->add_dim()->set_dim_value(boundary(rng, 1));
    } else {
        auto* d = shape->mutable_dim(static_cast<int>(rng() % shape->dim_size()));
        if (rng() % 3 == 0)
            d->set_dim_param("N");
        else
            d->set_dim_value(boundary(rng, d->dim_value()));
    }
    if (rng() % 8 == 0) v.mutable_type()->mutable_tensor_type()->set_elem_type(static_cast<int>(rng() % 18));
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    std::mt19937_64 rng(seed);
    onnx::ModelProto model;
    if (rng() % 8 == 0 || !model.ParseFromArray(data, static_cast<int>(size)))
        return LLVMFuzzerMutate(data, size, maxSize);
    onnx::GraphProto& g = *model.mutable_graph();
    switch (rng() % 5) {
        case 0:
        case 1:
            mutateNode(g, rng);
            break;
        case 2:
            mutateInitializer(g, rng);
            break;
        case 3:
            mutateValueInfo(g, rng);
            break;
        default:
            if (model.opset_import_size() > 0) model.mutable_opset_import(0)->set_version(boundary(rng, 17));
            if (rng() % 2) model.set_ir_version(boundary(rng, 8));
            break;
    }
    std::string bytes;
    if (!model.SerializeToString(&bytes) || bytes.size() > maxSize) return LLVMFuzzerMutate(data, size, maxSize);
    std::memcpy(data, bytes.data(), bytes.size());
    return bytes.size();
}
