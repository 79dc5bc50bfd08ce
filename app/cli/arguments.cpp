#include "app/cli/arguments.h"

#include <charconv>
#include <limits>

namespace tessera::cli {

const std::string& Arguments::project() const {
    if (positional.empty()) throw UsageError("expected a PROJECT file");
    if (positional.size() > 1)
        throw UsageError("expected one PROJECT file, got " + std::to_string(positional.size()) + " ('" + positional[0] +
                         "', '" + positional[1] + "', …)");
    return positional[0];
}

std::optional<std::string> Arguments::value(const std::string& option) const {
    const auto it = values.find(option);
    if (it == values.end()) return std::nullopt;
    return it->second;
}

const std::string& Arguments::required(const std::string& option) const {
    const auto it = values.find(option);
    if (it == values.end()) throw UsageError(option + " is required");
    return it->second;
}

std::optional<std::int64_t> Arguments::integer(const std::string& option, std::int64_t min, std::int64_t max) const {
    const auto text = value(option);
    if (!text) return std::nullopt;
    std::int64_t n = 0;
    const auto r = std::from_chars(text->data(), text->data() + text->size(), n);
    if (r.ec != std::errc() || r.ptr != text->data() + text->size() || n < min || n > max) {
        const std::string range = max == std::numeric_limits<std::int64_t>::max()
                                      ? "≥ " + std::to_string(min)
                                      : "from " + std::to_string(min) + " to " + std::to_string(max);
        throw UsageError(option + " expects an integer " + range + ", got '" + *text + "'");
    }
    return n;
}

Arguments parseArguments(const std::vector<std::string>& args, const std::set<std::string>& valued,
                         const std::set<std::string>& flagOptions) {
    Arguments a;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (valued.count(arg)) {
            if (i + 1 >= args.size()) throw UsageError(arg + " needs a value");
            if (a.values.count(arg)) throw UsageError(arg + " is given twice");
            a.values[arg] = args[++i];
        } else if (flagOptions.count(arg)) {
            a.flags.insert(arg);
        } else if (arg.starts_with("--")) {
            throw UsageError("unknown option " + arg);
        } else {
            a.positional.push_back(arg);
        }
    }
    return a;
}

}  // namespace tessera::cli
