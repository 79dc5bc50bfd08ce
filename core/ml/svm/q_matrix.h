// libsvm's kernel cache and Q matrices (sklearn/svm/src/libsvm/svm.cpp, 1.2.1), internal to core/ml/svm:
// Cache keeps kernel columns (float, libsvm's Qfloat) in LRU order within cache_size megabytes; SvcQ,
// OneClassQ and SvrQ give the columns of the five formulations and follow the solver's swap_index.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <list>
#include <vector>

#include "core/ml/svm/libsvm.h"

namespace tessera::ml::detail::svm {

using Qfloat = float;

inline double powi(double base, int times) {
    double tmp = base, ret = 1.0;
    for (int t = times; t > 0; t /= 2) {
        if (t % 2 == 1) ret *= tmp;
        tmp = tmp * tmp;
    }
    return ret;
}

inline double dot(const double* a, const double* b, int n) {
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += a[i] * b[i];
    return sum;
}

// Cache: an LRU list of kernel columns within a budget of Qfloats; get_data returns from where a
// column has to be filled.
class Cache {
public:
    Cache(int l, double bytes) : heads_(static_cast<std::size_t>(l)) {
        size_ = static_cast<long>(bytes) / static_cast<long>(sizeof(Qfloat));
        size_ -= static_cast<long>(l) * static_cast<long>(sizeof(Head)) / static_cast<long>(sizeof(Qfloat));
        size_ = std::max(size_, 2 * static_cast<long>(l));
    }

    int getData(int index, Qfloat** data, int len) {
        Head& h = heads_[static_cast<std::size_t>(index)];
        if (h.len) lru_.erase(h.pos);
        const int more = len - h.len;
        if (more > 0) {
            while (size_ < more) {
                Head& old = heads_[static_cast<std::size_t>(lru_.front())];
                lru_.pop_front();
                size_ += old.len;
                old.data.clear();
                old.data.shrink_to_fit();
                old.len = 0;
            }
            h.data.resize(static_cast<std::size_t>(len));
            size_ -= more;
            std::swap(h.len, len);
        }
        h.pos = lru_.insert(lru_.end(), index);
        *data = h.data.data();
        return len;
    }

    void swapIndex(int i, int j) {
        if (i == j) return;
        Head& hi = heads_[static_cast<std::size_t>(i)];
        Head& hj = heads_[static_cast<std::size_t>(j)];
        if (hi.len) lru_.erase(hi.pos);
        if (hj.len) lru_.erase(hj.pos);
        std::swap(hi.data, hj.data);
        std::swap(hi.len, hj.len);
        if (hi.len) hi.pos = lru_.insert(lru_.end(), i);
        if (hj.len) hj.pos = lru_.insert(lru_.end(), j);
        if (i > j) std::swap(i, j);
        for (auto it = lru_.begin(); it != lru_.end();) {
            Head& h = heads_[static_cast<std::size_t>(*it)];
            if (h.len > i) {
                if (h.len > j) {
                    std::swap(h.data[static_cast<std::size_t>(i)], h.data[static_cast<std::size_t>(j)]);
                } else {
                    it = lru_.erase(it);
                    size_ += h.len;
                    h.data.clear();
                    h.data.shrink_to_fit();
                    h.len = 0;
                    continue;
                }
            }
            ++it;
        }
    }

private:
    struct Head {
        std::vector<Qfloat> data;
        int len = 0;
        std::list<int>::iterator pos;
    };
    std::vector<Head> heads_;
    std::list<int> lru_;
    long size_ = 0;
};

class QMatrix {
public:
    virtual ~QMatrix() = default;
    virtual Qfloat* getQ(int column, int len) = 0;
    virtual double* getQD() = 0;
    virtual void swapIndex(int i, int j) = 0;
};

// Kernel: k(x_i, x_j) over rows that swap_index permutes.
class Kernel : public QMatrix {
public:
    Kernel(const SvmProblem& prob, const SvmParams& param) : param_(param), features_(prob.features) {
        const std::size_t p = static_cast<std::size_t>(features_);
        xs_.resize(prob.rows.size() * p);
        for (std::size_t i = 0; i < prob.rows.size(); ++i)
            std::copy(prob.X + static_cast<std::size_t>(prob.rows[i]) * p,
                      prob.X + static_cast<std::size_t>(prob.rows[i] + 1) * p, xs_.begin() + i * p);
        x_.reserve(prob.rows.size());
        for (std::size_t i = 0; i < prob.rows.size(); ++i) x_.push_back(xs_.data() + i * p);
        if (param.kernel == SvmKernel::Rbf)
            for (const double* row : x_) xSquare_.push_back(dot(row, row, features_));
    }
    void swapIndex(int i, int j) override {
        // The rows themselves move (not pointers to them), so that a column is one contiguous GEMV.
        std::swap_ranges(xs_.begin() + static_cast<std::ptrdiff_t>(i) * features_,
                         xs_.begin() + static_cast<std::ptrdiff_t>(i + 1) * features_,
                         xs_.begin() + static_cast<std::ptrdiff_t>(j) * features_);
        if (!xSquare_.empty()) std::swap(xSquare_[i], xSquare_[j]);
    }

protected:
    double k(int i, int j) const {
        switch (param_.kernel) {
            case SvmKernel::Linear:
                return dot(x_[i], x_[j], features_);
            case SvmKernel::Poly:
                return powi(param_.gamma * dot(x_[i], x_[j], features_) + param_.coef0, param_.degree);
            case SvmKernel::Rbf:
                return std::exp(-param_.gamma * (xSquare_[i] + xSquare_[j] - 2 * dot(x_[i], x_[j], features_)));
            case SvmKernel::Sigmoid:
                return std::tanh(param_.gamma * dot(x_[i], x_[j], features_) + param_.coef0);
        }
        return 0;
    }

    // k(i, j) for j in [start, len) into out[start, len): one matrix-vector product over the rows, then
    // the kernel's function element-wise (vectorised exp/tanh).
    void column(int i, int start, int len, double* out) const {
        using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
        if (len <= start) return;
        const Eigen::Map<const RowMatrix> rows(x_[start], len - start, features_);
        const Eigen::Map<const Eigen::VectorXd> xi(x_[i], features_);
        Eigen::Map<Eigen::ArrayXd> o(out + start, len - start);
        o = (rows * xi).array();
        switch (param_.kernel) {
            case SvmKernel::Linear:
                break;
            case SvmKernel::Poly:
                for (Eigen::Index t = 0; t < o.size(); ++t)
                    o[t] = powi(param_.gamma * o[t] + param_.coef0, param_.degree);
                break;
            case SvmKernel::Rbf: {
                const Eigen::Map<const Eigen::ArrayXd> sq(xSquare_.data() + start, len - start);
                o = (-param_.gamma * (xSquare_[i] + sq - 2 * o)).exp();
                break;
            }
            case SvmKernel::Sigmoid:
                o = (param_.gamma * o + param_.coef0).tanh();
                break;
        }
    }

private:
    const SvmParams& param_;
    int features_;
    std::vector<double> xs_;
    std::vector<const double*> x_;
    std::vector<double> xSquare_;
};

class SvcQ : public Kernel {
public:
    SvcQ(const SvmProblem& prob, const SvmParams& param, std::vector<signed char> y)
        : Kernel(prob, param),
          y_(std::move(y)),
          cache_(static_cast<int>(prob.rows.size()), param.cacheSizeMb * (1 << 20)) {
        for (int i = 0; i < static_cast<int>(prob.rows.size()); ++i) qd_.push_back(k(i, i));
    }
    Qfloat* getQ(int i, int len) override {
        Qfloat* data;
        const int start = cache_.getData(i, &data, len);
        if (start < len) {
            column_.resize(static_cast<std::size_t>(len));
            column(i, start, len, column_.data());
            for (int j = start; j < len; ++j) data[j] = static_cast<Qfloat>(y_[i] * y_[j] * column_[j]);
        }
        return data;
    }
    double* getQD() override { return qd_.data(); }
    void swapIndex(int i, int j) override {
        cache_.swapIndex(i, j);
        Kernel::swapIndex(i, j);
        std::swap(y_[i], y_[j]);
        std::swap(qd_[i], qd_[j]);
    }

private:
    std::vector<signed char> y_;
    Cache cache_;
    std::vector<double> column_;
    std::vector<double> qd_;
};

class OneClassQ : public Kernel {
public:
    OneClassQ(const SvmProblem& prob, const SvmParams& param)
        : Kernel(prob, param), cache_(static_cast<int>(prob.rows.size()), param.cacheSizeMb * (1 << 20)) {
        for (int i = 0; i < static_cast<int>(prob.rows.size()); ++i) qd_.push_back(k(i, i));
    }
    Qfloat* getQ(int i, int len) override {
        Qfloat* data;
        const int start = cache_.getData(i, &data, len);
        if (start < len) {
            column_.resize(static_cast<std::size_t>(len));
            column(i, start, len, column_.data());
            for (int j = start; j < len; ++j) data[j] = static_cast<Qfloat>(column_[j]);
        }
        return data;
    }
    double* getQD() override { return qd_.data(); }
    void swapIndex(int i, int j) override {
        cache_.swapIndex(i, j);
        Kernel::swapIndex(i, j);
        std::swap(qd_[i], qd_[j]);
    }

private:
    Cache cache_;
    std::vector<double> column_;
    std::vector<double> qd_;
};

class SvrQ : public Kernel {
public:
    SvrQ(const SvmProblem& prob, const SvmParams& param)
        : Kernel(prob, param), l_(static_cast<int>(prob.rows.size())), cache_(l_, param.cacheSizeMb * (1 << 20)) {
        sign_.resize(2 * l_);
        index_.resize(2 * l_);
        qd_.resize(2 * l_);
        for (int i = 0; i < l_; ++i) {
            sign_[i] = 1;
            sign_[i + l_] = -1;
            index_[i] = index_[i + l_] = i;
            qd_[i] = qd_[i + l_] = k(i, i);
        }
        buffer_[0].resize(2 * l_);
        buffer_[1].resize(2 * l_);
    }
    void swapIndex(int i, int j) override {
        std::swap(sign_[i], sign_[j]);
        std::swap(index_[i], index_[j]);
        std::swap(qd_[i], qd_[j]);
    }
    Qfloat* getQ(int i, int len) override {
        Qfloat* data;
        const int real = index_[i];
        if (cache_.getData(real, &data, l_) < l_) {
            column_.resize(static_cast<std::size_t>(l_));
            column(real, 0, l_, column_.data());
            for (int j = 0; j < l_; ++j) data[j] = static_cast<Qfloat>(column_[j]);
        }
        Qfloat* buf = buffer_[next_].data();
        next_ = 1 - next_;
        const auto si = static_cast<Qfloat>(sign_[i]);
        for (int j = 0; j < len; ++j) buf[j] = si * static_cast<Qfloat>(sign_[j]) * data[index_[j]];
        return buf;
    }
    double* getQD() override { return qd_.data(); }

private:
    int l_;
    Cache cache_;
    std::vector<double> column_;
    std::vector<signed char> sign_;
    std::vector<int> index_;
    std::vector<double> qd_;
    std::vector<Qfloat> buffer_[2];
    int next_ = 0;
};

}  // namespace tessera::ml::detail::svm
