#include "core/ml/compose/held_state.h"

namespace tessera::ml {

std::vector<std::pair<std::string, Array>> heldState(const Estimator& held, const std::string& prefix) {
    std::vector<std::pair<std::string, Array>> out;
    for (const auto& [name, value] : held.attributes()) out.emplace_back(prefix + name, value);
    for (const auto& [name, child] : held.children()) {
        auto sub = heldState(*child, prefix + name + ".");
        out.insert(out.end(), sub.begin(), sub.end());
    }
    return out;
}

void restoreHeldState(Estimator& held, const std::string& prefix,
                      const std::vector<std::pair<std::string, Array>>& holderAttributes) {
    const auto children = held.children();
    for (const auto& [name, child] : children) restoreHeldState(*child, prefix + name + ".", holderAttributes);
    std::vector<std::pair<std::string, Array>> own;
    for (const auto& [name, value] : holderAttributes) {
        if (name.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string rest = name.substr(prefix.size());
        bool ofChild = false;
        for (const auto& [childName, child] : children)
            ofChild = ofChild || rest.compare(0, childName.size() + 1, childName + ".") == 0;
        if (!ofChild) own.emplace_back(rest, value);
    }
    held.restoreAttributes(std::move(own));
}

}  // namespace tessera::ml
