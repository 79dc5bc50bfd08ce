#include "app/cli/command.h"

#include <algorithm>
#include <map>

namespace tessera::cli {

namespace {
// A function-local static: registrations run during static initialisation, in any file order.
std::map<std::string_view, Command>& table() {
    static std::map<std::string_view, Command> commands;
    return commands;
}
}  // namespace

bool registerCommand(const Command& command) {
    table()[command.name] = command;
    return true;
}

std::vector<Command> commands() {
    std::vector<Command> all;
    for (const auto& [name, command] : table()) all.push_back(command);
    return all;
}

const Command* findCommand(std::string_view name) {
    const auto it = table().find(name);
    return it == table().end() ? nullptr : &it->second;
}

int usageError(std::ostream& err, std::string_view name, std::string_view message) {
    err << "tessera-cli " << name << ": " << message << "\n";
    if (const Command* command = findCommand(name)) {
        err << "usage: tessera-cli " << command->name << " " << command->usage << "\n";
    }
    return 2;
}

}  // namespace tessera::cli
