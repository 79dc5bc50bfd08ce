// Command lines of the project subcommands (train, evaluate, predict, profile): one positional
// PROJECT and --name value options, checked against what the command accepts.
//
//   Arguments a = parseArguments(args, {"--epochs", "--out"}, {"--quiet"});   // throws UsageError
//   std::int64_t epochs = a.integer("--epochs", 1).value_or(10);
//   const std::string& out = a.required("--out");
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace tessera::cli {

// A bad command line; the command turns it into usageError (exit status 2).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Arguments {
public:
    std::vector<std::string> positional;
    std::map<std::string, std::string> values;
    std::set<std::string> flags;

    // The one PROJECT argument; UsageError when there is none or more than one.
    const std::string& project() const;
    std::optional<std::string> value(const std::string& option) const;
    const std::string& required(const std::string& option) const;
    bool flag(const std::string& option) const { return flags.count(option) > 0; }
    // An integer option in [min, max]; UsageError "--epochs expects an integer ≥ 1, got 'x'".
    std::optional<std::int64_t> integer(const std::string& option, std::int64_t min,
                                        std::int64_t max = std::numeric_limits<std::int64_t>::max()) const;
};

// `valued` options take the next argument as their value, `flagOptions` take none; anything else
// starting with "--" is an unknown option. An option given twice is an error.
Arguments parseArguments(const std::vector<std::string>& args, const std::set<std::string>& valued,
                         const std::set<std::string>& flagOptions = {});

}  // namespace tessera::cli
