// scipy.stats' three distributions that RandomizedSearchCV draws from, as the tagged dicts core/ml
// takes for them (core/ml/README.md, Note [Parameter distributions and splitters as values]):
// uniform(loc=0, scale=1), loguniform(a, b), randint(low, high).
#include "core/script/binding.h"

namespace tessera::script {

namespace {

Value distribution(const char* name, std::vector<std::pair<Value, Value>> params) {
    params.insert(params.begin(), {Value("distribution"), Value(name)});
    return Value::dict(std::move(params));
}

const BindingGroup kStats([](BindingTable& t) {
    t.add({"scipy.stats.uniform"}, {Param("loc", Value(0.0)), Param("scale", Value(1.0))}, {}, [](const Args& a) {
        return distribution("uniform",
                            {{Value("loc"), Value(a.real("loc"))}, {Value("scale"), Value(a.real("scale"))}});
    });
    t.add({"scipy.stats.loguniform"}, {"a", "b"}, {}, [](const Args& a) {
        return distribution("loguniform", {{Value("a"), Value(a.real("a"))}, {Value("b"), Value(a.real("b"))}});
    });
    t.add({"scipy.stats.randint"}, {"low", "high"}, {}, [](const Args& a) {
        return distribution("randint",
                            {{Value("low"), Value(a.integer("low"))}, {Value("high"), Value(a.integer("high"))}});
    });
});

}  // namespace

}  // namespace tessera::script
