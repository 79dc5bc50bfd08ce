#include "core/ml/base/held_state.h"

#include <map>

#include "core/tensor/error.h"

namespace tessera::ml {

namespace {

// Every fitted estimator of the tree with its dotted place ("" for the root).
void places(Estimator& est, const std::string& place, std::vector<std::pair<std::string, Estimator*>>& out) {
    out.emplace_back(place, &est);
    for (const auto& [name, child] : est.children()) places(*child, place.empty() ? name : place + "." + name, out);
}

void collect(const Estimator& est, const std::string& place, std::vector<std::pair<std::string, Array>>& out) {
    if (est.isFitted())
        for (const auto& [name, value] : est.attributes()) out.emplace_back(place + "." + name, value);
    for (const auto& [name, child] : est.children()) collect(*child, place + "." + name, out);
}

}  // namespace

std::vector<std::pair<std::string, Array>> heldAttributes(const Estimator& held, std::string_view prefix) {
    std::vector<std::pair<std::string, Array>> out;
    collect(held, std::string(prefix), out);
    return out;
}

void restoreHeldAttributes(Estimator& fresh, const std::vector<std::pair<std::string, Array>>& attributes,
                           std::string_view prefix) {
    std::vector<std::pair<std::string, Estimator*>> all;
    places(fresh, "", all);
    const std::string head = std::string(prefix) + ".";
    std::map<Estimator*, std::vector<std::pair<std::string, Array>>> byPlace;
    for (const auto& [name, value] : attributes) {
        if (name.rfind(head, 0) != 0) continue;
        const std::string rest = name.substr(head.size());
        // The longest place that prefixes the name: attribute names may hold dots themselves (tree_.value).
        Estimator* owner = &fresh;
        std::size_t used = 0;
        for (const auto& [place, est] : all)
            if (!place.empty() && place.size() > used && rest.rfind(place + ".", 0) == 0) {
                owner = est;
                used = place.size() + 1;
            }
        byPlace[owner].emplace_back(rest.substr(used), value);
    }
    if (byPlace.empty()) throw ValueError(std::string(prefix) + ": no fitted state to restore");
    // Parents first, so that a composite's restore cannot overwrite what its steps were given.
    for (const auto& [place, est] : all)
        if (auto it = byPlace.find(est); it != byPlace.end()) est->restoreAttributes(std::move(it->second));
}

}  // namespace tessera::ml
