// The splitters follow sklearn/model_selection/_split.py (1.2.1) step by step: where sklearn sorts,
// counts or draws, this code does the same in the same order, so the indices coincide.
#include "core/ml/model_selection/split.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "core/ml/base/numpy_sort.h"
#include "core/ml/metrics/labels.h"
#include "core/ml/random_state.h"
#include "core/ops/index_select.h"
#include "core/tensor/error.h"

namespace tessera::ml::model_selection {

namespace {

using Index = std::vector<std::int64_t>;

std::string sizeRepr(const SplitSize& s) {
    if (std::holds_alternative<std::int64_t>(s)) return std::to_string(std::get<std::int64_t>(s));
    if (std::holds_alternative<double>(s)) return pyRepr(std::get<double>(s), false);
    return "None";
}

void checkKFoldParams(const char* name, std::int64_t nSplits, bool shuffle, const Seed& randomState) {
    if (nSplits <= 1)
        throw ValueError(std::string(name) +
                         ": k-fold cross-validation requires at least one train/test split by setting n_splits=2 or "
                         "more, got n_splits=" +
                         std::to_string(nSplits) + ".");
    if (!shuffle && randomState)
        throw ValueError(std::string(name) +
                         ": Setting a random_state has no effect since shuffle is False. You should leave "
                         "random_state to its default (None), or set shuffle=True.");
}

void checkSplitsAgainstSamples(const char* name, std::int64_t nSplits, std::int64_t nSamples) {
    if (nSplits > nSamples)
        throw ValueError(std::string(name) + ": Cannot have number of splits n_splits=" + std::to_string(nSplits) +
                         " greater than the number of samples: n_samples=" + std::to_string(nSamples) + ".");
}

// BaseCrossValidator.split: a test mask per fold; train and test in ascending order.
std::vector<TrainTest> fromFoldNumbers(const Index& foldOf, std::int64_t nSplits) {
    std::vector<TrainTest> out(static_cast<std::size_t>(nSplits));
    for (std::int64_t f = 0; f < nSplits; ++f)
        for (std::size_t i = 0; i < foldOf.size(); ++i)
            (foldOf[i] == f ? out[f].test : out[f].train).push_back(static_cast<std::int64_t>(i));
    return out;
}

RandomState rngFor(const Seed& seed) { return checkRandomState(seed); }

// sklearn.utils._approximate_mode: per-class draws closest to the proportions, leftover draws given to
// the largest remainders with ties broken by rng.choice.
Index approximateMode(const Index& classCounts, std::int64_t nDraws, RandomState& rng) {
    double total = 0;
    for (auto c : classCounts) total += static_cast<double>(c);
    std::vector<double> continuous(classCounts.size()), floored(classCounts.size());
    double flooredSum = 0;
    for (std::size_t i = 0; i < classCounts.size(); ++i) {
        continuous[i] = static_cast<double>(classCounts[i]) / total * static_cast<double>(nDraws);
        floored[i] = std::floor(continuous[i]);
        flooredSum += floored[i];
    }
    auto needToAdd = static_cast<std::int64_t>(static_cast<double>(nDraws) - flooredSum);
    if (needToAdd > 0) {
        std::vector<double> remainder(classCounts.size());
        for (std::size_t i = 0; i < remainder.size(); ++i) remainder[i] = continuous[i] - floored[i];
        std::vector<double> values(remainder);
        std::sort(values.begin(), values.end(), std::greater<>());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        for (double value : values) {
            Index inds;
            for (std::size_t i = 0; i < remainder.size(); ++i)
                if (remainder[i] == value) inds.push_back(static_cast<std::int64_t>(i));
            const std::int64_t addNow = std::min<std::int64_t>(static_cast<std::int64_t>(inds.size()), needToAdd);
            for (auto k : rng.choice(static_cast<std::int64_t>(inds.size()), addNow, false)) floored[inds[k]] += 1;
            needToAdd -= addNow;
            if (needToAdd == 0) break;
        }
    }
    Index out(classCounts.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<std::int64_t>(floored[i]);
    return out;
}

LabelValueCodes classificationLabels(const Tensor& y, const std::string& where) {
    LabelValueCodes codes = encodeLabelValues(y, where, "y");
    if (!codes.integral)
        throw ValueError(where + ": Supported target types are: ('binary', 'multiclass'). Got 'continuous' instead.");
    return codes;
}

}  // namespace

std::pair<std::int64_t, std::int64_t> validateShuffleSplit(std::int64_t nSamples, SplitSize testSize,
                                                           SplitSize trainSize, double defaultTestSize) {
    const bool testNone = std::holds_alternative<std::monostate>(testSize);
    const bool trainNone = std::holds_alternative<std::monostate>(trainSize);
    if (testNone && trainNone) testSize = defaultTestSize;
    auto bad = [&](const SplitSize& s) {
        if (const auto* i = std::get_if<std::int64_t>(&s)) return *i >= nSamples || *i <= 0;
        if (const auto* f = std::get_if<double>(&s)) return *f <= 0 || *f >= 1;
        return false;
    };
    if (bad(testSize))
        throw ValueError("test_size=" + sizeRepr(testSize) +
                         " should be either positive and smaller than the number of samples " +
                         std::to_string(nSamples) + " or a float in the (0, 1) range");
    if (bad(trainSize))
        throw ValueError("train_size=" + sizeRepr(trainSize) +
                         " should be either positive and smaller than the number of samples " +
                         std::to_string(nSamples) + " or a float in the (0, 1) range");
    const auto* testF = std::get_if<double>(&testSize);
    const auto* trainF = std::get_if<double>(&trainSize);
    if (testF && trainF && *trainF + *testF > 1)
        throw ValueError("The sum of test_size and train_size = " + pyRepr(*trainF + *testF, false) +
                         ", should be in the (0, 1) range. Reduce test_size and/or train_size.");
    double nTest = 0, nTrain = 0;
    if (testF) nTest = std::ceil(*testF * static_cast<double>(nSamples));
    if (const auto* i = std::get_if<std::int64_t>(&testSize)) nTest = static_cast<double>(*i);
    if (trainF) nTrain = std::floor(*trainF * static_cast<double>(nSamples));
    if (const auto* i = std::get_if<std::int64_t>(&trainSize)) nTrain = static_cast<double>(*i);
    if (std::holds_alternative<std::monostate>(trainSize))
        nTrain = static_cast<double>(nSamples) - nTest;
    else if (std::holds_alternative<std::monostate>(testSize))
        nTest = static_cast<double>(nSamples) - nTrain;
    if (nTrain + nTest > static_cast<double>(nSamples))
        throw ValueError(
            "The sum of train_size and test_size = " + std::to_string(static_cast<std::int64_t>(nTrain + nTest)) +
            ", should be smaller than the number of samples " + std::to_string(nSamples) +
            ". Reduce test_size and/or train_size.");
    const auto train = static_cast<std::int64_t>(nTrain);
    const auto test = static_cast<std::int64_t>(nTest);
    if (train == 0)
        throw ValueError("With n_samples=" + std::to_string(nSamples) + ", test_size=" + sizeRepr(testSize) +
                         " and train_size=" + sizeRepr(trainSize) +
                         ", the resulting train set will be empty. Adjust any of the aforementioned parameters.");
    return {train, test};
}

KFold::KFold(std::int64_t nSplits, bool shuffle, Seed randomState)
    : m_nSplits(nSplits), m_shuffle(shuffle), m_randomState(randomState) {
    checkKFoldParams("KFold", nSplits, shuffle, randomState);
}

std::vector<TrainTest> KFold::split(std::int64_t nSamples) const {
    checkSplitsAgainstSamples("KFold", m_nSplits, nSamples);
    Index indices(static_cast<std::size_t>(nSamples));
    std::iota(indices.begin(), indices.end(), 0);
    if (m_shuffle) {
        RandomState rng = rngFor(m_randomState);
        rng.shuffle(std::span(indices));
    }
    Index foldOf(indices.size());
    std::int64_t current = 0;
    for (std::int64_t f = 0; f < m_nSplits; ++f) {
        const std::int64_t size = nSamples / m_nSplits + (f < nSamples % m_nSplits ? 1 : 0);
        for (std::int64_t k = current; k < current + size; ++k) foldOf[indices[k]] = f;
        current += size;
    }
    return fromFoldNumbers(foldOf, m_nSplits);
}

StratifiedKFold::StratifiedKFold(std::int64_t nSplits, bool shuffle, Seed randomState)
    : m_nSplits(nSplits), m_shuffle(shuffle), m_randomState(randomState) {
    checkKFoldParams("StratifiedKFold", nSplits, shuffle, randomState);
}

std::vector<TrainTest> StratifiedKFold::split(const Tensor& y) const {
    const LabelValueCodes labels = classificationLabels(y, "StratifiedKFold.split");
    const auto n = static_cast<std::int64_t>(labels.codes.size());
    checkSplitsAgainstSamples("StratifiedKFold", m_nSplits, n);
    std::optional<RandomState> rng;
    if (m_shuffle) rng = rngFor(m_randomState);
    // Classes renumbered by first appearance (sklearn's class_perm), so the allocation does not depend
    // on how the labels sort.
    const auto nClasses = labels.classes.size();
    Index byAppearance(nClasses);
    {
        Index order(nClasses);
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(),
                  [&](std::int64_t a, std::int64_t b) { return labels.firstIndex[a] < labels.firstIndex[b]; });
        for (std::size_t r = 0; r < nClasses; ++r) byAppearance[order[r]] = static_cast<std::int64_t>(r);
    }
    Index encoded(labels.codes.size());
    Index counts(nClasses, 0);
    for (std::size_t i = 0; i < encoded.size(); ++i) {
        encoded[i] = byAppearance[labels.codes[i]];
        ++counts[encoded[i]];
    }
    if (std::all_of(counts.begin(), counts.end(), [&](std::int64_t c) { return m_nSplits > c; }))
        throw ValueError("StratifiedKFold: n_splits=" + std::to_string(m_nSplits) +
                         " cannot be greater than the number of members in each class.");
    // allocation[f][k]: members of class k in test fold f, by round robin over the sorted codes.
    Index sorted(encoded);
    std::sort(sorted.begin(), sorted.end());
    std::vector<Index> allocation(static_cast<std::size_t>(m_nSplits), Index(nClasses, 0));
    for (std::int64_t i = 0; i < n; ++i) ++allocation[i % m_nSplits][sorted[i]];
    Index testFolds(encoded.size());
    for (std::size_t k = 0; k < nClasses; ++k) {
        Index foldsForClass;
        for (std::int64_t f = 0; f < m_nSplits; ++f) foldsForClass.insert(foldsForClass.end(), allocation[f][k], f);
        if (rng) rng->shuffle(std::span(foldsForClass));
        std::size_t next = 0;
        for (std::size_t i = 0; i < encoded.size(); ++i)
            if (encoded[i] == static_cast<std::int64_t>(k)) testFolds[i] = foldsForClass[next++];
    }
    return fromFoldNumbers(testFolds, m_nSplits);
}

GroupKFold::GroupKFold(std::int64_t nSplits) : m_nSplits(nSplits) {
    checkKFoldParams("GroupKFold", nSplits, false, std::nullopt);
}

std::vector<TrainTest> GroupKFold::split(const Tensor& groups) const {
    const LabelValueCodes g = encodeLabelValues(groups, "GroupKFold.split", "groups");
    const auto n = static_cast<std::int64_t>(g.codes.size());
    checkSplitsAgainstSamples("GroupKFold", m_nSplits, n);
    const auto nGroups = static_cast<std::int64_t>(g.classes.size());
    if (m_nSplits > nGroups)
        throw ValueError("GroupKFold: Cannot have number of splits n_splits=" + std::to_string(m_nSplits) +
                         " greater than the number of groups: " + std::to_string(nGroups) + ".");
    Index perGroup(static_cast<std::size_t>(nGroups), 0);
    for (auto c : g.codes) ++perGroup[c];
    Index order = numpyArgsort(perGroup);
    std::reverse(order.begin(), order.end());
    std::vector<double> perFold(static_cast<std::size_t>(m_nSplits), 0.0);
    Index groupToFold(static_cast<std::size_t>(nGroups), 0);
    for (auto group : order) {
        const auto lightest = std::min_element(perFold.begin(), perFold.end()) - perFold.begin();
        perFold[lightest] += static_cast<double>(perGroup[group]);
        groupToFold[group] = lightest;
    }
    Index foldOf(g.codes.size());
    for (std::size_t i = 0; i < foldOf.size(); ++i) foldOf[i] = groupToFold[g.codes[i]];
    return fromFoldNumbers(foldOf, m_nSplits);
}

ShuffleSplit::ShuffleSplit(std::int64_t nSplits, SplitSize testSize, SplitSize trainSize, Seed randomState)
    : m_nSplits(nSplits), m_testSize(testSize), m_trainSize(trainSize), m_randomState(randomState) {}

std::vector<TrainTest> ShuffleSplit::split(std::int64_t nSamples) const {
    const auto [nTrain, nTest] = validateShuffleSplit(nSamples, m_testSize, m_trainSize, 0.1);
    RandomState rng = rngFor(m_randomState);
    std::vector<TrainTest> out;
    for (std::int64_t s = 0; s < m_nSplits; ++s) {
        const Index perm = rng.permutation(nSamples);
        out.push_back(
            {Index(perm.begin() + nTest, perm.begin() + nTest + nTrain), Index(perm.begin(), perm.begin() + nTest)});
    }
    return out;
}

StratifiedShuffleSplit::StratifiedShuffleSplit(std::int64_t nSplits, SplitSize testSize, SplitSize trainSize,
                                               Seed randomState)
    : m_nSplits(nSplits), m_testSize(testSize), m_trainSize(trainSize), m_randomState(randomState) {}

std::vector<TrainTest> StratifiedShuffleSplit::split(const Tensor& y) const {
    const LabelValueCodes labels = encodeLabelValues(y, "StratifiedShuffleSplit.split", "y");
    const auto n = static_cast<std::int64_t>(labels.codes.size());
    const auto [nTrain, nTest] = validateShuffleSplit(n, m_testSize, m_trainSize, 0.1);
    const auto nClasses = static_cast<std::int64_t>(labels.classes.size());
    Index counts(static_cast<std::size_t>(nClasses), 0);
    for (auto c : labels.codes) ++counts[c];
    if (*std::min_element(counts.begin(), counts.end()) < 2)
        throw ValueError(
            "StratifiedShuffleSplit: The least populated class in y has only 1 member, which is too "
            "few. The minimum number of groups for any class cannot be less than 2.");
    if (nTrain < nClasses)
        throw ValueError("StratifiedShuffleSplit: The train_size = " + std::to_string(nTrain) +
                         " should be greater or equal to the number of classes = " + std::to_string(nClasses));
    if (nTest < nClasses)
        throw ValueError("StratifiedShuffleSplit: The test_size = " + std::to_string(nTest) +
                         " should be greater or equal to the number of classes = " + std::to_string(nClasses));
    // Each class's samples in ascending order (a stable argsort of the codes).
    std::vector<Index> classIndices(static_cast<std::size_t>(nClasses));
    for (std::int64_t i = 0; i < n; ++i) classIndices[labels.codes[i]].push_back(i);
    RandomState rng = rngFor(m_randomState);
    std::vector<TrainTest> out;
    for (std::int64_t s = 0; s < m_nSplits; ++s) {
        const Index nI = approximateMode(counts, nTrain, rng);
        Index remaining(counts.size());
        for (std::size_t k = 0; k < counts.size(); ++k) remaining[k] = counts[k] - nI[k];
        const Index tI = approximateMode(remaining, nTest, rng);
        TrainTest tt;
        for (std::int64_t k = 0; k < nClasses; ++k) {
            const Index perm = rng.permutation(counts[k]);
            for (std::int64_t j = 0; j < nI[k]; ++j) tt.train.push_back(classIndices[k][perm[j]]);
            for (std::int64_t j = nI[k]; j < nI[k] + tI[k]; ++j) tt.test.push_back(classIndices[k][perm[j]]);
        }
        rng.shuffle(std::span(tt.train));
        rng.shuffle(std::span(tt.test));
        out.push_back(std::move(tt));
    }
    return out;
}

TrainTest trainTestSplitIndices(std::int64_t nSamples, const TrainTestSplitOptions& options) {
    const auto [nTrain, nTest] = validateShuffleSplit(nSamples, options.testSize, options.trainSize, 0.25);
    if (!options.shuffle) {
        if (options.stratify.defined())
            throw ValueError("train_test_split: Stratified train/test split is not implemented for shuffle=False");
        TrainTest tt;
        for (std::int64_t i = 0; i < nTrain; ++i) tt.train.push_back(i);
        for (std::int64_t i = nTrain; i < nTrain + nTest; ++i) tt.test.push_back(i);
        return tt;
    }
    if (options.stratify.defined()) {
        if (options.stratify.size(0) != nSamples)
            throw ValueError("train_test_split: Found input variables with inconsistent numbers of samples: [" +
                             std::to_string(nSamples) + ", " + std::to_string(options.stratify.size(0)) + "]");
        return StratifiedShuffleSplit(1, nTest, nTrain, options.randomState).split(options.stratify).front();
    }
    return ShuffleSplit(1, nTest, nTrain, options.randomState).split(nSamples).front();
}

std::pair<data::Table, data::Table> trainTestSplit(const data::Table& X, const TrainTestSplitOptions& options) {
    const TrainTest tt = trainTestSplitIndices(X.rows(), options);
    return {X.takeRows(tt.train), X.takeRows(tt.test)};
}

std::vector<Tensor> trainTestSplit(const std::vector<Tensor>& arrays, const TrainTestSplitOptions& options) {
    if (arrays.empty()) throw ValueError("train_test_split: At least one array required as input");
    std::string lengths;
    bool consistent = true;
    for (const auto& a : arrays) {
        if (!a.defined() || a.dim() == 0)
            throw ShapeError("train_test_split: every array needs at least one dimension");
        lengths += (lengths.empty() ? "" : ", ") + std::to_string(a.size(0));
        consistent = consistent && a.size(0) == arrays.front().size(0);
    }
    if (!consistent)
        throw ValueError("train_test_split: Found input variables with inconsistent numbers of samples: [" + lengths +
                         "]");
    const TrainTest tt = trainTestSplitIndices(arrays.front().size(0), options);
    const auto asTensor = [](const Index& v) {
        return Tensor::fromVector<std::int64_t>(v, {static_cast<std::int64_t>(v.size())});
    };
    const Tensor train = asTensor(tt.train);
    const Tensor test = asTensor(tt.test);
    std::vector<Tensor> out;
    for (const auto& a : arrays) {
        out.push_back(ops::indexSelect(a, 0, train));
        out.push_back(ops::indexSelect(a, 0, test));
    }
    return out;
}

}  // namespace tessera::ml::model_selection
