// RobustScaler: (x − center_) / scale_ with the median and an interquantile range, NaN ignored, the
// quantiles interpolated as numpy's nanpercentile ('linear', numpy's two-sided lerp) interpolates them.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ml/base/registry.h"

namespace tessera::ml {
namespace {

// numpy's _lerp: a + (b − a)·t, or b − (b − a)·(1 − t) from t = 0.5 on (exact at both ends).
double lerp(double a, double b, double t) {
    const double d = b - a;
    return t >= 0.5 ? b - d * (1 - t) : a + d * t;
}

double percentile(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return std::numeric_limits<double>::quiet_NaN();
    const double index = q / 100.0 * static_cast<double>(sorted.size() - 1);
    const double lo = std::floor(index);
    const auto i = static_cast<std::size_t>(lo);
    const std::size_t j = std::min(i + 1, sorted.size() - 1);
    return lerp(sorted[i], sorted[j], index - lo);
}

double median(const std::vector<double>& sorted) {
    const std::size_t m = sorted.size();
    if (m == 0) return std::numeric_limits<double>::quiet_NaN();
    return m % 2 ? sorted[m / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2.0;
}

// The standard normal quantile (scipy.stats.norm.ppf): Acklam's rational approximation refined by one
// Halley step on erfc, which brings it to full double precision.
double normalPpf(double p) {
    if (p <= 0) return -HUGE_VAL;
    if (p >= 1) return HUGE_VAL;
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                               1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                               6.680131188771972e+01, -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    double x;
    if (p < 0.02425) {
        const double q = std::sqrt(-2 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p > 1 - 0.02425) {
        const double q = std::sqrt(-2 * std::log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else {
        const double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
    const double u = e * std::sqrt(2 * M_PI) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

class RobustScaler : public Estimator {
public:
    using Estimator::Estimator;

    Estimator& fit(const Tensor& Xin, const Array&, const Tensor&) override {
        validateParams();
        clearAttributes();
        const Tensor X = validateFitX(Xin, /*allowNaN=*/true);
        const auto& range = param("quantile_range").items();
        const double qMin = range.size() == 2 ? range[0].asDouble() : -1,
                     qMax = range.size() == 2 ? range[1].asDouble() : -1;
        if (!(0 <= qMin && qMin <= qMax && qMax <= 100))
            throw ValueError("Invalid quantile range: " + param("quantile_range").repr());
        const std::int64_t n = X.size(0), p = X.size(1);
        const double* x = X.data<double>();
        std::vector<double> center(p), scale(p);
        const double eps = std::numeric_limits<double>::epsilon();
        for (std::int64_t j = 0; j < p; ++j) {
            std::vector<double> col;
            for (std::int64_t i = 0; i < n; ++i)
                if (!std::isnan(x[i * p + j])) col.push_back(x[i * p + j]);
            std::sort(col.begin(), col.end());
            center[j] = median(col);
            const double s = percentile(col, qMax) - percentile(col, qMin);
            scale[j] = s < 10 * eps ? 1.0 : s;
        }
        if (paramBool("unit_variance")) {
            const double adjust = normalPpf(qMax / 100.0) - normalPpf(qMin / 100.0);
            for (double& s : scale) s = s / adjust;
        }
        setAttribute("center_", paramBool("with_centering") ? Array(Tensor::fromVector<double>(center, {p})) : Array());
        setAttribute("scale_", paramBool("with_scaling") ? Array(Tensor::fromVector<double>(scale, {p})) : Array());
        return *this;
    }

    Tensor transform(const Tensor& Xin) const override { return apply(Xin, false); }
    Tensor inverseTransform(const Tensor& Xin) const override { return apply(Xin, true); }

private:
    Tensor apply(const Tensor& Xin, bool inverse) const {
        const Tensor X = validateX(Xin, true);
        const std::int64_t n = X.size(0), p = X.size(1);
        Tensor out = Tensor::empty({n, p}, DType::Float64);
        const double* x = X.data<double>();
        double* o = out.data<double>();
        const Array& c = attribute("center_");
        const Array& s = attribute("scale_");
        const double* center = c.defined() ? c.tensor().data<double>() : nullptr;
        const double* scale = s.defined() ? s.tensor().data<double>() : nullptr;
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j < p; ++j) {
                double v = x[i * p + j];
                if (inverse) {
                    if (scale) v *= scale[j];
                    if (center) v += center[j];
                } else {
                    if (center) v -= center[j];
                    if (scale) v /= scale[j];
                }
                o[i * p + j] = v;
            }
        return out;
    }
};

const RegisterEstimator<RobustScaler> kRegistered({
    "RobustScaler",
    "sklearn.preprocessing",
    EstimatorKind::Transformer,
    "Scale features using statistics that are robust to outliers (median, interquantile range).",
    {
        {"with_centering", true, {booleanC()}, "Subtract the median."},
        {"with_scaling", true, {booleanC()}, "Divide by the interquantile range."},
        {"quantile_range",
         ParamValue::tuple({25.0, 75.0}),
         {constraintOf(Constraint::Kind::Tuple)},
         "Quantiles (q_min, q_max) in [0, 100] of the range."},
        {"copy", true, {booleanC()}, "Copy X before scaling (Tessera never changes its input)."},
        {"unit_variance", false, {booleanC()}, "Scale so that normally distributed features get variance 1."},
    },
    {"fit", "transform", "fit_transform", "inverse_transform", "get_feature_names_out"},
});

}  // namespace
}  // namespace tessera::ml
