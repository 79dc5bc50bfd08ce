// tessera-cli: the headless front end. It reads the same project files as the GUI through
// libtessera_core and needs no display and no Qt; subcommands live in app/cli/command_<name>.cpp.
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "core/tensor/error.h"

namespace {

void printHelp(std::ostream& out) {
    out << "Usage: tessera-cli [--help] [--version] COMMAND [ARGS...]\n\n"
           "Tessera's headless front end: works on .tessera project files without a display.\n\n"
           "Commands:\n";
    for (const auto& command : tessera::cli::commands()) {
        std::string head = "  " + std::string(command.name) + " " + std::string(command.usage);
        if (head.size() < 28)
            head.resize(28, ' ');
        else
            head += "\n" + std::string(28, ' ');
        out << head << command.summary << "\n";
    }
    out << "\nOptions:\n"
           "  -h, --help                Show this help (or COMMAND --help for one command).\n"
           "  -V, --version             Show the version.\n\n"
           "Exit status: 0 on success, 1 when a command fails, 2 on a usage error.\n";
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        printHelp(std::cerr);
        return 2;
    }
    const std::string& first = args[0];
    if (first == "--help" || first == "-h" || first == "help") {
        printHelp(std::cout);
        return 0;
    }
    if (first == "--version" || first == "-V") {
        std::cout << "tessera-cli " << TESSERA_VERSION << "\n";
        return 0;
    }
    const tessera::cli::Command* command = tessera::cli::findCommand(first);
    if (!command) {
        std::cerr << "tessera-cli: unknown command or option '" << first << "' (see tessera-cli --help)\n";
        return 2;
    }
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (rest.size() == 1 && (rest[0] == "--help" || rest[0] == "-h")) {
        std::cout << "usage: tessera-cli " << command->name << " " << command->usage << "\n\n"
                  << command->summary << "\n";
        return 0;
    }
    try {
        return command->run(rest, std::cout, std::cerr);
    } catch (const tessera::Error& e) {
        std::cerr << "tessera-cli: " << e.what() << "\n";
        return 1;
    }
}
