// The subcommand table of tessera-cli. Each subcommand is one file, app/cli/command_<name>.cpp, that
// registers itself at start-up; main.cpp only looks commands up, so adding one touches nothing else.
//
// To add a subcommand `frobnicate`:
//   1. Create app/cli/command_frobnicate.cpp:
//
//        #include "app/cli/command.h"
//        namespace tessera::cli {
//        namespace {
//        int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
//            if (args.size() != 1) return usageError(err, "frobnicate", "expected one PROJECT");
//            out << "frobnicated " << args[0] << "\n";
//            return 0;                                 // 0 on success, 1 on failure
//        }
//        [[maybe_unused]] const bool registered = registerCommand({"frobnicate", "PROJECT", "Frobnicate a project.",
//        run}); }  // namespace }  // namespace tessera::cli
//
//   2. Add the file to TESSERA_CLI_SOURCES in app/CMakeLists.txt (the sources are compiled into the
//      tessera-cli executable itself, not a library, so the registration is never dropped by the linker).
//
// A command reports bad input by throwing tessera::Error (main prints "tessera-cli: <message>" on
// stderr and exits 1) or by writing to `err` and returning non-zero. Commands must not need a
// display: tessera-cli links tessera_core only.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::cli {

using RunFn = int (*)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

struct Command {
    std::string_view name;     // as typed: "validate"
    std::string_view usage;    // arguments after the name: "PROJECT..."
    std::string_view summary;  // one line for --help
    RunFn run;
};

// Adds `command` to the table; returns true so that it can initialise a namespace-scope constant.
bool registerCommand(const Command& command);

// All registered commands, sorted by name; nullptr when `name` is not one of them.
std::vector<Command> commands();
const Command* findCommand(std::string_view name);

// Writes "tessera-cli NAME: MESSAGE" and the command's usage line to `err`; returns the exit code 2.
int usageError(std::ostream& err, std::string_view name, std::string_view message);

}  // namespace tessera::cli
