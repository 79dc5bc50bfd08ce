// KBinsDiscretizer (sklearn/preprocessing/_discretization.py, 1.2.1): per-feature bin edges by
// 'uniform' (np.linspace), 'quantile' (np.percentile, linear interpolation as NumPy 1.24 computes it)
// or 'kmeans' (1-D KMeans from the uniform bins' centres, as sklearn seeds it), bins narrower than 1e-8
// removed, constant features given one bin; output ordinal or one-hot (dense). encode='onehot' (a
// scipy.sparse matrix, sklearn's default) is refused by name.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "core/ml/base/errors.h"
#include "core/ml/base/registry.h"
#include "core/ml/random_state.h"

namespace tessera::ml {
namespace {

// np.linspace(start, stop, num): i * step + start, the last value exactly stop.
std::vector<double> linspace(double start, double stop, std::int64_t num) {
    std::vector<double> out(static_cast<std::size_t>(num));
    const double step = (stop - start) / static_cast<double>(num - 1);
    for (std::int64_t i = 0; i < num; ++i) out[i] = static_cast<double>(i) * step + start;
    out.back() = stop;
    return out;
}

// np.percentile(column, q) for q in percent, method 'linear' (NumPy 1.24's _quantile and _lerp).
std::vector<double> percentiles(std::vector<double> column, const std::vector<double>& q) {
    std::sort(column.begin(), column.end());
    const auto n = static_cast<std::int64_t>(column.size());
    std::vector<double> out;
    for (double qi : q) {
        const double virt = static_cast<double>(n - 1) * (qi / 100.0);
        auto prev = static_cast<std::int64_t>(std::floor(virt));
        std::int64_t next = prev + 1;
        if (virt >= static_cast<double>(n - 1)) prev = next = n - 1;
        if (virt < 0) prev = next = 0;
        const double gamma = virt - static_cast<double>(virt >= static_cast<double>(n - 1) ? -1 : prev);
        const double a = column[prev], b = column[next];
        const double diff = b - a;
        out.push_back(gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma);
    }
    return out;
}

class KBinsDiscretizer : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        const std::string& encode = paramString("encode");
        if (encode == "onehot")
            throw ValueError(
                "KBinsDiscretizer: encode='onehot' (a scipy.sparse matrix) is not available in Tessera; use "
                "'onehot-dense' or 'ordinal'");
        if (!param("dtype").isNone() && paramString("dtype") != "float64")
            throw ValueError("KBinsDiscretizer: dtype=" + param("dtype").repr() +
                             " is not available in Tessera (the output is float64)");
        clearAttributes();
        Tensor X = validateFitX(Xin);
        std::int64_t n = X.size(0);
        const std::int64_t p = X.size(1);
        const std::string& strategy = paramString("strategy");
        const ParamValue& subsample = param("subsample");
        if (strategy == "quantile" && subsample.isInt()) {
            RandomState rs = checkRandomState(param("random_state").isNone()
                                                  ? std::nullopt
                                                  : std::optional<std::int64_t>(param("random_state").asInt()));
            if (n > subsample.asInt()) {
                const auto idx = rs.choice(n, subsample.asInt(), /*replace=*/false);
                std::vector<double> rows;
                const double* x = X.data<double>();
                for (auto i : idx) rows.insert(rows.end(), x + i * p, x + (i + 1) * p);
                n = subsample.asInt();
                X = Tensor::fromVector<double>(rows, {n, p});
            }
        } else if (strategy != "quantile" && subsample.isInt()) {
            throw ValueError("Invalid parameter for `strategy`: " + strategy +
                             ". `subsample` must be used with `strategy=\"quantile\"`.");
        }
        std::vector<std::int64_t> nBins = validateNBins(p);
        const double* x = X.data<double>();
        std::vector<std::vector<double>> edges(static_cast<std::size_t>(p));
        for (std::int64_t j = 0; j < p; ++j) {
            std::vector<double> column(static_cast<std::size_t>(n));
            for (std::int64_t i = 0; i < n; ++i) column[i] = x[i * p + j];
            const auto [mnIt, mxIt] = std::minmax_element(column.begin(), column.end());
            const double lo = *mnIt, hi = *mxIt;
            if (lo == hi) {
                nBins[j] = 1;
                const double inf = std::numeric_limits<double>::infinity();
                edges[j] = {-inf, inf};
                continue;
            }
            if (strategy == "uniform") {
                edges[j] = linspace(lo, hi, nBins[j] + 1);
            } else if (strategy == "quantile") {
                edges[j] = percentiles(column, linspace(0, 100, nBins[j] + 1));
            } else {
                edges[j] = kmeansEdges(column, lo, hi, nBins[j]);
            }
            if (strategy != "uniform") {
                std::vector<double> kept{edges[j][0]};
                for (std::size_t e = 1; e < edges[j].size(); ++e)
                    if (edges[j][e] - edges[j][e - 1] > 1e-8) kept.push_back(edges[j][e]);
                edges[j] = kept;
                nBins[j] = static_cast<std::int64_t>(edges[j].size()) - 1;
            }
        }
        for (std::int64_t j = 0; j < p; ++j)
            setAttribute("bin_edges_." + std::to_string(j),
                         Array(Tensor::fromVector<double>(edges[j], {static_cast<std::int64_t>(edges[j].size())})));
        setAttribute("n_bins_", Array(Tensor::fromVector<std::int64_t>(nBins, {p})));
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override {
        const Tensor X = validateX(Xin);
        const std::int64_t n = X.size(0), p = X.size(1);
        const auto edges = binEdges(p);
        const std::vector<std::int64_t> nBins = fitted("n_bins_").toVector<std::int64_t>();
        const double* x = X.data<double>();
        const bool ordinal = paramString("encode") == "ordinal";
        std::int64_t width = p;
        std::vector<std::int64_t> offset(static_cast<std::size_t>(p), 0);
        if (!ordinal) {
            width = 0;
            for (std::int64_t j = 0; j < p; ++j) offset[j] = width, width += nBins[j];
        }
        std::vector<double> out(static_cast<std::size_t>(n * width), 0.0);
        for (std::int64_t j = 0; j < p; ++j) {
            // np.searchsorted(bin_edges[1:-1], x, side="right").
            const auto first = edges[j].begin() + 1, last = edges[j].end() - 1;
            for (std::int64_t i = 0; i < n; ++i) {
                const auto bin = std::upper_bound(first, last, x[i * p + j]) - first;
                if (ordinal)
                    out[i * p + j] = static_cast<double>(bin);
                else
                    out[i * width + offset[j] + bin] = 1.0;
            }
        }
        return Tensor::fromVector<double>(out, {n, width});
    }

    Tensor inverseTransform(const Tensor& Xin) const override {
        checkFitted();
        const std::vector<std::int64_t> nBins = fitted("n_bins_").toVector<std::int64_t>();
        const auto p = static_cast<std::int64_t>(nBins.size());
        const auto edges = binEdges(p);
        if (Xin.dim() != 2) throw ValueError("KBinsDiscretizer: inverse_transform expects a 2-D array");
        const std::int64_t n = Xin.size(0);
        const std::vector<double> x = Xin.toVector<double>();
        std::vector<std::int64_t> bins(static_cast<std::size_t>(n * p));
        if (paramString("encode") == "ordinal") {
            if (Xin.size(1) != p)
                throw ValueError("Incorrect number of features. Expecting " + std::to_string(p) + ", received " +
                                 std::to_string(Xin.size(1)) + ".");
            for (std::int64_t i = 0; i < n * p; ++i) bins[i] = static_cast<std::int64_t>(x[i]);
        } else {
            // The one-hot encoder's inverse: the first maximum of each feature's block.
            std::int64_t width = 0;
            for (auto b : nBins) width += b;
            if (Xin.size(1) != width)
                throw ValueError("Shape of the passed X data is not correct. Expected " + std::to_string(width) +
                                 " columns, got " + std::to_string(Xin.size(1)) + ".");
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t j = 0, start = 0; j < p; start += nBins[j], ++j) {
                    std::int64_t best = 0;
                    double sum = 0;
                    for (std::int64_t c = 0; c < nBins[j]; ++c) {
                        sum += x[i * width + start + c];
                        if (x[i * width + start + c] > x[i * width + start + best]) best = c;
                    }
                    if (sum == 0)
                        throw ValueError("Samples [" + std::to_string(i) +
                                         "] can not be inverted when drop=None and handle_unknown='error' because "
                                         "they contain all zeros");
                    bins[i * p + j] = best;
                }
        }
        std::vector<double> out(static_cast<std::size_t>(n * p));
        for (std::int64_t j = 0; j < p; ++j)
            for (std::int64_t i = 0; i < n; ++i) {
                const std::int64_t b = bins[i * p + j];
                if (b < 0 || b >= nBins[j])
                    throw IndexError("index " + std::to_string(b) + " is out of bounds for axis 0 with size " +
                                     std::to_string(nBins[j]));
                out[i * p + j] = (edges[j][b + 1] + edges[j][b]) * 0.5;
            }
        return Tensor::fromVector<double>(out, {n, p});
    }

    std::vector<std::string> getFeatureNamesOut(const std::vector<std::string>& inputFeatures) const override {
        checkFitted();
        const std::vector<std::int64_t> nBins = fitted("n_bins_").toVector<std::int64_t>();
        const auto names = defaultFeatureNames(static_cast<std::int64_t>(nBins.size()), inputFeatures, className());
        if (paramString("encode") == "ordinal") return names;
        // The inner OneHotEncoder's names: its categories are arange(n_bins) as float64.
        std::vector<std::string> out;
        for (std::size_t j = 0; j < nBins.size(); ++j)
            for (std::int64_t b = 0; b < nBins[j]; ++b)
                out.push_back(names[j] + "_" + pythonFloatRepr(static_cast<double>(b)));
        return out;
    }

private:
    std::vector<std::int64_t> validateNBins(std::int64_t p) const {
        const ParamValue& nb = param("n_bins");
        if (nb.isInt()) return std::vector<std::int64_t>(static_cast<std::size_t>(p), nb.asInt());
        if (!nb.isSequence() || static_cast<std::int64_t>(nb.items().size()) != p)
            throw ValueError("n_bins must be a scalar or array of shape (n_features,).");
        std::vector<std::int64_t> out;
        std::string bad;
        for (std::size_t j = 0; j < nb.items().size(); ++j) {
            const ParamValue& v = nb.items()[j];
            const double d = v.asDouble();
            const auto i = static_cast<std::int64_t>(d);
            if (i < 2 || static_cast<double>(i) != d) bad += (bad.empty() ? "" : ", ") + std::to_string(j);
            out.push_back(i);
        }
        if (!bad.empty())
            throw ValueError("KBinsDiscretizer received an invalid number of bins at indices " + bad +
                             ". Number of bins must be at least 2, and must be an int.");
        return out;
    }

    // KMeans(n_clusters=k, init=centres of the uniform bins, n_init=1) on the column; edges between the
    // sorted centres, framed by the column's minimum and maximum.
    static std::vector<double> kmeansEdges(const std::vector<double>& column, double lo, double hi, std::int64_t k) {
        const std::vector<double> uniform = linspace(lo, hi, k + 1);
        std::vector<ParamValue> init;
        for (std::int64_t c = 0; c < k; ++c) init.push_back(ParamValue::list({(uniform[c + 1] + uniform[c]) * 0.5}));
        auto km = EstimatorRegistry::instance().create(
            "KMeans", {{"n_clusters", k}, {"init", ParamValue::list(std::move(init))}, {"n_init", 1}});
        km->fit(Tensor::fromVector<double>(column, {static_cast<std::int64_t>(column.size()), 1}));
        std::vector<double> centres = km->attribute("cluster_centers_").tensor().toVector<double>();
        std::sort(centres.begin(), centres.end());
        std::vector<double> edges{lo};
        for (std::size_t c = 1; c < centres.size(); ++c) edges.push_back((centres[c] + centres[c - 1]) * 0.5);
        edges.push_back(hi);
        return edges;
    }

    std::vector<std::vector<double>> binEdges(std::int64_t p) const {
        std::vector<std::vector<double>> out;
        for (std::int64_t j = 0; j < p; ++j)
            out.push_back(fitted("bin_edges_." + std::to_string(j)).toVector<double>());
        return out;
    }
};

const RegisterEstimator<KBinsDiscretizer> kRegistered({
    "KBinsDiscretizer",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Bin continuous data into intervals.",
    {
        {"n_bins",
         5,
         {intInterval(2, std::nullopt, Closed::Left), constraintOf(Constraint::Kind::ArrayLike)},
         "Number of bins, one for all features or one per feature."},
        {"encode",
         "onehot",
         {strOptions({"onehot", "onehot-dense", "ordinal"})},
         "Output: 'onehot-dense' or 'ordinal' ('onehot', a sparse matrix, is not available)."},
        {"strategy",
         "quantile",
         {strOptions({"uniform", "quantile", "kmeans"})},
         "Bin widths: equal, equal counts (percentiles) or 1-D k-means."},
        {"dtype",
         ParamValue(),
         {strOptions({"float64", "float32"}), noneC()},
         "Output dtype (None or float64: Tessera's output is float64)."},
        {"subsample",
         "warn",
         {intInterval(1, std::nullopt, Closed::Left), noneC(), hidden(strOptions({"warn"}))},
         "Rows drawn for the quantiles (int); 'warn' and None use all rows in 1.2.1."},
        {"random_state", ParamValue(), {constraintOf(Constraint::Kind::RandomState)}, "Seed of the subsample draw."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
