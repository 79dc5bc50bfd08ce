#include "core/tensor/print.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/autograd/function.h"

namespace tessera {

namespace {

// torch's default print options.
constexpr int kPrecision = 4;
constexpr std::int64_t kThreshold = 1000;
constexpr std::int64_t kEdgeItems = 3;
constexpr std::int64_t kLineWidth = 80;

// Python's '{:.Nf}' / '{:.Ne}' of a float: C's printf, except that a NaN never carries a sign.
std::string pyFormat(double v, char conversion, int precision) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    const char* format = conversion == 'f' ? "%.*f" : "%.*e";
    const int n = std::snprintf(nullptr, 0, format, precision, v);
    std::string out(static_cast<std::size_t>(n), '\0');
    std::snprintf(out.data(), out.size() + 1, format, precision, v);
    return out;
}

std::string padLeft(std::string s, std::size_t width) {
    if (s.size() < width) s.insert(0, width - s.size(), ' ');
    return s;
}

// torch's _Formatter: one width for every element; floats in integer, fixed or scientific mode chosen
// from the non-zero finite values. T is double (both float types), std::int64_t or bool.
template <class T>
class Formatter {
public:
    explicit Formatter(const std::vector<T>& values) {
        if constexpr (std::is_same_v<T, double>) {
            std::vector<double> nonzeroFinite;
            for (double v : values)
                if (std::isfinite(v) && v != 0) nonzeroFinite.push_back(v);
            if (nonzeroFinite.empty()) return;
            double lo = std::abs(nonzeroFinite[0]), hi = lo;
            for (double v : nonzeroFinite) {
                lo = std::min(lo, std::abs(v));
                hi = std::max(hi, std::abs(v));
                if (v != std::ceil(v)) m_intMode = false;
            }
            m_sciMode = hi / lo > 1000.0 || hi > 1.0e8 || (!m_intMode && lo < 1.0e-4);
            for (double v : nonzeroFinite) {
                std::size_t width = 0;
                if (m_sciMode)
                    width = pyFormat(v, 'e', kPrecision).size();
                else if (m_intMode)
                    width = pyFormat(v, 'f', 0).size() + 1;  // room for the trailing '.'
                else
                    width = pyFormat(v, 'f', kPrecision).size();
                m_width = std::max(m_width, width);
            }
        } else {
            for (T v : values) m_width = std::max(m_width, plain(v).size());
        }
    }

    std::size_t width() const { return m_width; }

    std::string format(T v) const {
        if constexpr (std::is_same_v<T, double>) {
            if (m_sciMode) return padLeft(pyFormat(v, 'e', kPrecision), m_width);
            if (m_intMode) return padLeft(pyFormat(v, 'f', 0) + (std::isfinite(v) ? "." : ""), m_width);
            return padLeft(pyFormat(v, 'f', kPrecision), m_width);
        } else {
            return padLeft(plain(v), m_width);
        }
    }

private:
    // Python's '{}' of an int or a bool.
    static std::string plain(T v) {
        if constexpr (std::is_same_v<T, bool>)
            return v ? "True" : "False";
        else
            return std::to_string(v);
    }

    bool m_intMode = true;
    bool m_sciMode = false;
    std::size_t m_width = 1;
};

// The indices of one dimension that are shown: all, or the first and last kEdgeItems when summarising.
std::vector<std::int64_t> shownIndices(std::int64_t size, bool summarize) {
    std::vector<std::int64_t> out;
    for (std::int64_t i = 0; i < size; ++i)
        if (!summarize || size <= 2 * kEdgeItems || i < kEdgeItems || i >= size - kEdgeItems) out.push_back(i);
    return out;
}

template <class T>
class Printer {
public:
    Printer(const Tensor& t, std::vector<T> values)
        : m_sizes(t.sizes()),
          m_strides(contiguousStrides(t.sizes())),
          m_values(std::move(values)),
          m_summarize(t.numel() > kThreshold),
          m_formatter(m_summarize ? shownValues() : m_values) {}

    std::string print(std::int64_t indent) const { return tensorStr(0, 0, indent); }

private:
    // torch's get_summarized_data: the values the formatter measures.
    std::vector<T> shownValues() const {
        std::vector<T> out;
        collect(0, 0, out);
        return out;
    }
    void collect(std::size_t d, std::int64_t base, std::vector<T>& out) const {
        if (d == m_sizes.size()) {
            out.push_back(m_values[base]);
            return;
        }
        for (std::int64_t i : shownIndices(m_sizes[d], true)) collect(d + 1, base + i * m_strides[d], out);
    }

    std::string tensorStr(std::size_t d, std::int64_t base, std::int64_t indent) const {
        if (m_sizes.empty()) return m_formatter.format(m_values[0]);
        if (d + 1 == m_sizes.size()) return vectorStr(base, indent);
        const std::int64_t size = m_sizes[d];
        const std::string separator =
            "," + std::string(m_sizes.size() - d - 1, '\n') + std::string(static_cast<std::size_t>(indent + 1), ' ');
        std::string out = "[";
        std::int64_t previous = -1;
        for (std::int64_t i : shownIndices(size, m_summarize)) {
            if (previous >= 0) out += separator;
            if (previous >= 0 && i != previous + 1) out += "..." + separator;
            out += tensorStr(d + 1, base + i * m_strides[d], indent + 1);
            previous = i;
        }
        return out + "]";
    }

    std::string vectorStr(std::int64_t base, std::int64_t indent) const {
        const std::int64_t size = m_sizes.back();
        std::vector<std::string> items;
        std::int64_t previous = -1;
        for (std::int64_t i : shownIndices(size, m_summarize)) {
            if (previous >= 0 && i != previous + 1) items.push_back(" ...");
            items.push_back(m_formatter.format(m_values[base + i]));
            previous = i;
        }
        const auto elementLength = static_cast<double>(m_formatter.width() + 2);
        const auto perLine = std::max<std::int64_t>(
            1, static_cast<std::int64_t>(std::floor(static_cast<double>(kLineWidth - indent) / elementLength)));
        std::string out = "[";
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i > 0)
                out += i % static_cast<std::size_t>(perLine) == 0
                           ? ",\n" + std::string(static_cast<std::size_t>(indent + 1), ' ')
                           : ", ";
            out += items[i];
        }
        return out + "]";
    }

    Shape m_sizes;
    Shape m_strides;
    std::vector<T> m_values;
    bool m_summarize;
    Formatter<T> m_formatter;
};

std::string tensorBody(const Tensor& t, std::int64_t indent) {
    switch (t.dtype()) {
        case DType::Float32:
        case DType::Float64:
            return Printer<double>(t, t.toVector<double>()).print(indent);
        case DType::Int64:
            return Printer<std::int64_t>(t, t.toVector<std::int64_t>()).print(indent);
        case DType::Bool:
            return Printer<bool>(t, t.toVector<bool>()).print(indent);
    }
    throw TypeError("toString: unknown dtype");
}

// torch's _add_suffixes: ", suffix" on the last line while it fits in 80 columns, else on a new line.
std::string addSuffixes(std::string text, const std::vector<std::string>& suffixes, std::int64_t indent) {
    const auto newline = text.rfind('\n');
    auto lastLineLength = static_cast<std::int64_t>(text.size()) -
                          (newline == std::string::npos ? -1 : static_cast<std::int64_t>(newline)) + 1;
    for (const auto& suffix : suffixes) {
        const auto length = static_cast<std::int64_t>(suffix.size());
        if (lastLineLength + length + 2 > kLineWidth) {
            text += ",\n" + std::string(static_cast<std::size_t>(indent), ' ') + suffix;
            lastLineLength = indent + length;
        } else {
            text += ", " + suffix;
            lastLineLength += length + 2;
        }
    }
    return text + ")";
}

}  // namespace

std::string toString(const Tensor& t) {
    const std::string prefix = "tensor(";
    const auto indent = static_cast<std::int64_t>(prefix.size());
    const std::string dtypeSuffix = "dtype=torch." + std::string(dtypeName(t.dtype()));
    std::vector<std::string> suffixes;
    std::string body;
    if (t.numel() == 0) {
        // An empty tensor shows its shape unless it is (0,), and any dtype but the default one.
        if (t.dim() != 1) {
            std::string size = "size=(";
            for (std::size_t i = 0; i < t.sizes().size(); ++i) size += (i ? ", " : "") + std::to_string(t.sizes()[i]);
            suffixes.push_back(size + ")");
        }
        if (t.dtype() != DType::Float32) suffixes.push_back(dtypeSuffix);
        body = "[]";
    } else {
        if (t.dtype() == DType::Float64) suffixes.push_back(dtypeSuffix);
        body = tensorBody(t, indent);
    }
    if (const auto node = t.gradFn())
        suffixes.push_back("grad_fn=<" + std::string(node->name()) + ">");
    else if (t.requiresGrad())
        suffixes.push_back("requires_grad=True");
    return addSuffixes(prefix + body, suffixes, indent);
}

}  // namespace tessera
