#include "core/nn/py_format.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace tessera::nn {

// Python's float repr: the shortest digits that read back, in fixed notation when the decimal
// exponent is in [-4, 16) and in scientific notation (two-digit exponent at least) otherwise.
std::string pyFloat(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    const std::string text(buffer, result.ptr);
    const auto e = text.find('e');
    std::string mantissa = text.substr(0, e);
    const int exponent = std::atoi(text.c_str() + e + 1);
    const bool negative = mantissa.front() == '-';
    if (negative) mantissa.erase(0, 1);
    std::string digits;
    for (const char c : mantissa)
        if (c != '.') digits += c;
    std::string out;
    if (exponent >= -4 && exponent < 16) {
        if (exponent >= 0) {
            const auto whole = static_cast<std::size_t>(exponent) + 1;
            if (digits.size() < whole) digits.append(whole - digits.size(), '0');
            const std::string fraction = digits.substr(whole);
            out = digits.substr(0, whole) + "." + (fraction.empty() ? "0" : fraction);
        } else {
            out = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
        }
    } else {
        out = digits.substr(0, 1);
        if (digits.size() > 1) out += "." + digits.substr(1);
        const int magnitude = std::abs(exponent);
        out += std::string("e") + (exponent < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "") + std::to_string(magnitude);
    }
    return negative ? "-" + out : out;
}

std::string pyBool(bool value) { return value ? "True" : "False"; }

std::string pyTuple(const Shape& values) {
    std::string out = "(";
    for (std::size_t i = 0; i < values.size(); ++i) out += (i > 0 ? ", " : "") + std::to_string(values[i]);
    return out + (values.size() == 1 ? ",)" : ")");
}

std::string pyOptional(const std::optional<double>& value) { return value ? pyFloat(*value) : "None"; }

}  // namespace tessera::nn
