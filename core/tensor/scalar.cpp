#include "core/tensor/scalar.h"

#include <cmath>
#include <sstream>

namespace tessera {

namespace {

int category(DType t) {
    switch (t) {
        case DType::Bool:
            return 0;
        case DType::Int64:
            return 1;
        case DType::Float32:
        case DType::Float64:
            return 2;
    }
    return 0;
}

int promote(int a, int b) {
    if (a < 0) return b;
    if (b < 0) return a;
    return static_cast<int>(promoteTypes(static_cast<DType>(a), static_cast<DType>(b)));
}

// PyTorch's combine_categories: `higher` wins unless `lower` is of a higher category.
int combineCategories(int higher, int lower) {
    if (higher >= 0 && isFloating(static_cast<DType>(higher))) return higher;
    if (higher == static_cast<int>(DType::Bool) || (lower >= 0 && isFloating(static_cast<DType>(lower))))
        return promote(higher, lower);
    return higher >= 0 ? higher : lower;
}

}  // namespace

DType Scalar::dtype() const noexcept {
    switch (m_kind) {
        case Kind::Bool:
            return DType::Bool;
        case Kind::Integral:
            return DType::Int64;
        case Kind::Floating:
            return DType::Float32;
    }
    return DType::Float32;
}

std::string Scalar::toString() const {
    switch (m_kind) {
        case Kind::Bool:
            return m_int ? "True" : "False";
        case Kind::Integral:
            return std::to_string(m_int);
        case Kind::Floating: {
            std::ostringstream os;
            os.precision(17);
            os << m_double;
            std::string s = os.str();
            if (std::isfinite(m_double) && s.find_first_of(".e") == std::string::npos) s += ".0";
            return s;
        }
    }
    return "?";
}

void ResultType::add(const Tensor& t) {
    int& slot = t.dim() > 0 ? m_dim : m_zero;
    slot = promote(slot, static_cast<int>(t.dtype()));
}

void ResultType::add(const Scalar& s) { m_wrapped = promote(m_wrapped, static_cast<int>(s.dtype())); }

DType ResultType::dtype() const {
    const int r = combineCategories(m_dim, combineCategories(m_zero, m_wrapped));
    return r < 0 ? DType::Float32 : static_cast<DType>(r);
}

DType resultType(const Tensor& a, const Tensor& b) {
    // Two tensors of one dtype promote to it, whatever their dims.
    if (a.dtype() == b.dtype()) return a.dtype();
    ResultType r;
    r.add(a);
    r.add(b);
    return r.dtype();
}

DType resultType(const Tensor& a, const Scalar& b) {
    ResultType r;
    r.add(a);
    r.add(b);
    return r.dtype();
}

DType resultType(const Scalar& a, const Tensor& b) {
    ResultType r;
    r.add(a);
    r.add(b);
    return r.dtype();
}

bool canCast(DType from, DType to) { return category(from) <= category(to); }

}  // namespace tessera
