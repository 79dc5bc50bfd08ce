#include "core/profile/profiler.h"
#include "core/profile/phase.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <mutex>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace tessera::profile {

namespace detail {
std::atomic<bool> g_enabled{false};
std::atomic<bool> g_tscTicks{false};
}  // namespace detail

namespace {

// Note [Per-thread event logs]
// Each thread appends its events to its own ThreadLog, a list of fixed-size chunks of 64-bit words
// that is reused from window to window, so recording takes no lock and (once the chunks exist) no
// allocation. A record is a RecordHead, the name's bytes and, per operand (inputs, then outputs), a
// word with its rank, dtype and definedness followed by its sizes. FLOPs and bytes are computed from
// these by the op's cost function when stop() reads the record.
// - The owner thread alone writes a log. After writing a record it stores the record count with
//   release; stop() loads it with acquire and reads that many records, never the one being written.
//   Chunk links and the end of a left chunk are stored before the count that covers them.
// - Windows are numbered (g_generation). start() and stop() advance the number under the registry
//   mutex; a thread that records into an older window's log first rewinds it (keeping its chunks), so
//   nothing clears another thread's log. stop() reads only logs of the current window; it holds the
//   mutex, so no window starts — and no log is rewound — while it reads.
// - A log outlives its thread: at thread exit it is marked retired, read once more by stop(), and
//   freed by start() or stop() under the mutex.
// - Within a log, records are in the order they finished (end times never decrease); stop() merges
//   the logs by end time.

constexpr std::size_t kChunkWords = std::size_t{1} << 13;  // 64 KiB: ~500 events of a few operands
constexpr std::size_t kOpenChunk = std::numeric_limits<std::size_t>::max();

// A record's head, stored in kHeadWords words: start, end, cost function, scope | name length << 32,
// inputs | outputs << 24 | phase << 48 | name is static << 56.
struct RecordHead {
    std::int64_t startTicks;
    std::int64_t endTicks;
    CostFn cost;
    ScopeId scope;
    std::uint32_t nameLength;
    std::uint32_t inputCount;  // < 2^24, as outputCount
    std::uint32_t outputCount;
    Phase phase;
    bool nameIsStatic;  // the name's word holds a pointer to it, else its bytes follow
};
constexpr std::size_t kHeadWords = 5;

void writeHead(std::int64_t* at, const RecordHead& h) noexcept {
    at[0] = h.startTicks;
    at[1] = h.endTicks;
    at[2] = std::bit_cast<std::int64_t>(h.cost);
    at[3] = static_cast<std::int64_t>(h.scope) | static_cast<std::int64_t>(h.nameLength) << 32;
    at[4] = static_cast<std::int64_t>(h.inputCount) | static_cast<std::int64_t>(h.outputCount) << 24 |
            static_cast<std::int64_t>(h.phase) << 48 | static_cast<std::int64_t>(h.nameIsStatic) << 56;
}

RecordHead readHead(const std::int64_t* at) noexcept {
    return {.startTicks = at[0],
            .endTicks = at[1],
            .cost = std::bit_cast<CostFn>(at[2]),
            .scope = static_cast<ScopeId>(at[3] & 0xffffffff),
            .nameLength = static_cast<std::uint32_t>(at[3] >> 32),
            .inputCount = static_cast<std::uint32_t>(at[4] & 0xffffff),
            .outputCount = static_cast<std::uint32_t>((at[4] >> 24) & 0xffffff),
            .phase = static_cast<Phase>((at[4] >> 48) & 0xff),
            .nameIsStatic = ((at[4] >> 56) & 1) != 0};
}

constexpr std::size_t wordsFor(std::size_t bytes) { return (bytes + 7) / 8; }
std::size_t nameWords(const RecordHead& head) { return head.nameIsStatic ? 1 : wordsFor(head.nameLength); }

// The word in front of an operand's sizes.
constexpr std::int64_t kDefinedBit = std::int64_t{1} << 40;
std::int64_t operandWord(const Operand& o) {
    return o.defined() ? o.dim() | static_cast<std::int64_t>(o.dtype()) << 32 | kDefinedBit : 0;
}
// Reads the operand at `at` (its sizes stay in the log) and returns the word after it.
const std::int64_t* readOperand(const std::int64_t* at, Operand& o) {
    const std::int64_t word = *at++;
    if (!(word & kDefinedBit)) {
        o = Operand();
        return at;
    }
    const auto rank = static_cast<std::size_t>(word & 0xffffffff);
    o = Operand({at, rank}, static_cast<DType>((word >> 32) & 0xff));
    return at + rank;
}

struct Chunk {
    explicit Chunk(std::size_t n) : words(new std::int64_t[n]), capacity(n) {}
    std::unique_ptr<std::int64_t[]> words;
    const std::size_t capacity;
    std::atomic<std::size_t> end{kOpenChunk};  // words used, set when the owner moves to the next chunk
    std::atomic<Chunk*> next{nullptr};
};

class ThreadLog {
public:
    explicit ThreadLog(std::uint32_t thread) : m_thread(thread) {}
    ~ThreadLog() {
        for (Chunk* c = m_head; c;) delete std::exchange(c, c->next.load(std::memory_order_relaxed));
    }
    ThreadLog(const ThreadLog&) = delete;
    ThreadLog& operator=(const ThreadLog&) = delete;

    std::uint32_t thread() const noexcept { return m_thread; }

    // Owner thread: room for a record of `words` words in window `generation`.
    std::int64_t* reserve(std::uint64_t generation, std::size_t words) {
        if (m_generation.load(std::memory_order_relaxed) != generation) [[unlikely]]
            rewind(generation);
        if (!m_current) [[unlikely]] {
            m_head = m_current = new Chunk(std::max(kChunkWords, words));
        } else if (m_used + words > m_current->capacity) [[unlikely]] {
            Chunk* next = m_current->next.load(std::memory_order_relaxed);
            if (!next || next->capacity < words) {
                auto* fresh = new Chunk(std::max(kChunkWords, words));
                fresh->next.store(next, std::memory_order_relaxed);
                m_current->next.store(fresh, std::memory_order_relaxed);
                next = fresh;
            }
            next->end.store(kOpenChunk, std::memory_order_relaxed);
            m_current->end.store(m_used, std::memory_order_relaxed);
            m_current = next;
            m_used = 0;
        }
        std::int64_t* at = m_current->words.get() + m_used;
        m_used += words;
        return at;
    }
    // Owner thread: makes the record written since reserve() readable.
    void publish() noexcept { m_published.store(++m_count, std::memory_order_release); }

    // Reader, under the registry mutex: calls visit(record) for each record of window `generation`;
    // visit returns the record's length in words.
    template <class Visit>
    void read(std::uint64_t generation, Visit&& visit) const {
        if (m_generation.load(std::memory_order_acquire) != generation) return;
        const std::size_t n = m_published.load(std::memory_order_acquire);
        if (n == 0) return;
        const Chunk* chunk = m_head;
        std::size_t at = 0;
        for (std::size_t i = 0; i < n; ++i) {
            while (at >= chunk->end.load(std::memory_order_relaxed)) {
                chunk = chunk->next.load(std::memory_order_relaxed);
                at = 0;
            }
            at += visit(chunk->words.get() + at);
        }
    }

    std::atomic<bool> retired{false};

private:
    void rewind(std::uint64_t generation) {
        m_current = m_head;
        m_used = 0;
        m_count = 0;
        if (m_head) m_head->end.store(kOpenChunk, std::memory_order_relaxed);
        m_published.store(0, std::memory_order_relaxed);
        m_generation.store(generation, std::memory_order_release);
    }

    const std::uint32_t m_thread;
    std::atomic<std::uint64_t> m_generation{0};
    std::atomic<std::size_t> m_published{0};
    Chunk* m_head = nullptr;  // written by the owner before it publishes the first record
    // Owner thread only.
    Chunk* m_current = nullptr;
    std::size_t m_used = 0;
    std::size_t m_count = 0;
};

struct LogRegistry {
    std::mutex mutex;
    std::vector<std::unique_ptr<ThreadLog>> logs;
};
// Never destroyed: threads that outlive main() may still record into their logs.
LogRegistry& logRegistry() {
    static LogRegistry& registry = *new LogRegistry;
    return registry;
}
std::atomic<std::uint64_t> g_generation{1};

// Frees the logs of threads that have exited; they write no more. Under the registry mutex.
void dropRetired(LogRegistry& registry) {
    std::erase_if(registry.logs, [](const auto& log) { return log->retired.load(std::memory_order_acquire); });
}

// The calling thread's log: a plain pointer (read on every event), and a holder whose destructor retires
// the log at thread exit (touched once per thread).
thread_local ThreadLog* t_log = nullptr;
struct LogRetirer {
    ThreadLog* log = nullptr;
    ~LogRetirer() {
        if (!log) return;
        t_log = nullptr;  // start() or stop() may free it from now on
        log->retired.store(true, std::memory_order_release);
    }
};
thread_local LogRetirer t_logRetirer;

[[gnu::noinline]] ThreadLog& newThreadLog() {
    auto log = std::make_unique<ThreadLog>(threadNumber());
    auto& registry = logRegistry();
    std::lock_guard lock(registry.mutex);
    t_log = t_logRetirer.log = log.get();
    registry.logs.push_back(std::move(log));
    return *t_log;
}

ThreadLog& threadLog() {
    if (!t_log) [[unlikely]]
        return newThreadLog();
    return *t_log;
}

struct ScopeTable {
    std::mutex mutex;
    std::vector<std::string> paths{std::string()};
    std::unordered_map<std::string, ScopeId> ids{{std::string(), 0}};
};
ScopeTable& scopeTable() {
    static ScopeTable table;
    return table;
}

thread_local ScopeId t_scope = 0;
thread_local Phase t_phase = Phase::Forward;
std::atomic<std::uint32_t> g_nextThread{0};

ScopeId intern(const std::string& path) {
    auto& table = scopeTable();
    std::lock_guard lock(table.mutex);
    auto [it, inserted] = table.ids.try_emplace(path, static_cast<ScopeId>(table.paths.size()));
    if (inserted) table.paths.push_back(path);
    return it->second;
}

// Ticks are turned into nanoseconds by the line through two (TSC, nowNs) readings: one taken when the
// library loaded, one when stop() runs; the longer apart, the closer the rate.
struct ClockReading {
    std::int64_t tsc;
    std::int64_t ns;
};
ClockReading readClock() noexcept {
#if defined(__x86_64__)
    return {static_cast<std::int64_t>(__builtin_ia32_rdtsc()), nowNs()};
#else
    return {0, nowNs()};
#endif
}

// Whether the kernel keeps time with the TSC (Linux names its clock source); else ticks() is nowNs().
bool kernelClockIsTsc() {
#if defined(__x86_64__)
    std::ifstream in("/sys/devices/system/clocksource/clocksource0/current_clocksource");
    std::string source;
    return static_cast<bool>(in >> source) && source == "tsc";
#else
    return false;
#endif
}

const ClockReading g_firstReading = [] {
    detail::g_tscTicks.store(kernelClockIsTsc(), std::memory_order_relaxed);
    return readClock();
}();

}  // namespace

void start() {
    auto& registry = logRegistry();
    std::lock_guard lock(registry.mutex);
    dropRetired(registry);
    g_generation.fetch_add(1, std::memory_order_release);
    detail::g_enabled.store(true, std::memory_order_relaxed);
}

std::vector<Event> stop() {
    detail::g_enabled.store(false, std::memory_order_relaxed);
    auto& registry = logRegistry();
    std::lock_guard lock(registry.mutex);
    const std::uint64_t generation = g_generation.load(std::memory_order_relaxed);
    struct Found {
        std::int64_t endTicks;
        const std::int64_t* record;
        std::uint32_t thread;
    };
    std::vector<Found> found;
    for (const auto& log : registry.logs)
        log->read(generation, [&](const std::int64_t* record) {
            const RecordHead head = readHead(record);
            found.push_back({head.endTicks, record, log->thread()});
            const std::int64_t* at = record + kHeadWords + nameWords(head);
            Operand o;
            for (std::uint32_t i = 0; i < head.inputCount + head.outputCount; ++i) at = readOperand(at, o);
            return static_cast<std::size_t>(at - record);
        });
    // Each log is in finishing order already; a stable sort keeps it for equal end times.
    std::stable_sort(found.begin(), found.end(),
                     [](const Found& a, const Found& b) { return a.endTicks < b.endTicks; });

    const ClockReading now = readClock();
    const bool tsc = detail::g_tscTicks.load(std::memory_order_relaxed);
    const double nsPerTick = tsc && now.tsc > g_firstReading.tsc ? static_cast<double>(now.ns - g_firstReading.ns) /
                                                                       static_cast<double>(now.tsc - g_firstReading.tsc)
                                                                 : 1.0;
    auto toNs = [&](std::int64_t t) -> std::int64_t {
        if (!tsc) return t;
        return now.ns - std::llround(static_cast<double>(now.tsc - t) * nsPerTick);
    };

    std::vector<Event> events(found.size());
    std::vector<Operand> operands;
    for (std::size_t i = 0; i < found.size(); ++i) {
        const std::int64_t* record = found[i].record;
        const RecordHead head = readHead(record);
        Event& e = events[i];
        if (head.nameIsStatic) {
            const char* name = nullptr;
            std::memcpy(&name, record + kHeadWords, sizeof name);
            e.name.assign(name, head.nameLength);
        } else {
            e.name.assign(reinterpret_cast<const char*>(record + kHeadWords), head.nameLength);
        }
        e.phase = head.phase;
        e.startNs = toNs(head.startTicks);
        e.endNs = toNs(head.endTicks);
        e.thread = found[i].thread;
        e.scope = head.scope;
        operands.resize(head.inputCount + head.outputCount);
        const std::int64_t* at = record + kHeadWords + nameWords(head);
        for (auto& o : operands) at = readOperand(at, o);
        const std::span<const Operand> inputs(operands.data(), head.inputCount);
        e.inputShapes.reserve(head.inputCount);
        for (const Operand& o : inputs) e.inputShapes.emplace_back(o.sizes().begin(), o.sizes().end());
        if (head.cost) {
            const Cost cost = head.cost(inputs, std::span<const Operand>(operands).subspan(head.inputCount));
            e.flops = cost.flops;
            e.bytes = cost.bytes;
        }
    }
    // What threads record from now on belongs to no window until the next start().
    g_generation.fetch_add(1, std::memory_order_release);
    dropRetired(registry);
    return events;
}

namespace {

Operand asOperand(const Operand& o) noexcept { return o; }
Operand asOperand(const Tensor* t) noexcept { return Operand(*t); }
Operand asOperand(const Tensor& t) noexcept { return Operand(t); }

template <class Inputs, class Outputs>
void append(const EventInfo& info, const Inputs& inputs, const Outputs& outputs) {
    const std::size_t nameWords = info.nameIsStatic ? 1 : wordsFor(info.name.size());
    std::size_t words = kHeadWords + nameWords + inputs.size() + outputs.size();
    for (const auto& x : inputs) words += static_cast<std::size_t>(asOperand(x).dim());
    for (const auto& x : outputs) words += static_cast<std::size_t>(asOperand(x).dim());
    ThreadLog& log = threadLog();
    std::int64_t* at = log.reserve(g_generation.load(std::memory_order_acquire), words);
    writeHead(at, {.startTicks = info.startTicks,
                   .endTicks = info.endTicks,
                   .cost = info.cost,
                   .scope = t_scope,
                   .nameLength = static_cast<std::uint32_t>(info.name.size()),
                   .inputCount = static_cast<std::uint32_t>(inputs.size()),
                   .outputCount = static_cast<std::uint32_t>(outputs.size()),
                   .phase = info.phase,
                   .nameIsStatic = info.nameIsStatic});
    at += kHeadWords;
    if (info.nameIsStatic) {
        const char* name = info.name.data();
        std::memcpy(at, &name, sizeof name);
    } else if (!info.name.empty()) {
        std::memcpy(at, info.name.data(), info.name.size());
    }
    at += nameWords;
    auto write = [&at](const Operand& o) {
        *at++ = operandWord(o);
        const std::int64_t* d = o.sizes().data();
        switch (o.dim()) {  // ranks are small: plain stores beat a copy loop's set-up
            case 4:
                at[3] = d[3];
                [[fallthrough]];
            case 3:
                at[2] = d[2];
                [[fallthrough]];
            case 2:
                at[1] = d[1];
                [[fallthrough]];
            case 1:
                at[0] = d[0];
                [[fallthrough]];
            case 0:
                break;
            default:
                std::copy_n(d, o.dim(), at);
        }
        at += o.dim();
    };
    for (const auto& x : inputs) write(asOperand(x));
    for (const auto& x : outputs) write(asOperand(x));
    log.publish();
}

}  // namespace

void recordEvent(const EventInfo& info, std::span<const Tensor* const> inputs, std::span<const Tensor* const> outputs) {
    append(info, inputs, outputs);
}

void recordEvent(const EventInfo& info, std::span<const Operand> inputs, std::span<const Tensor> outputs) {
    append(info, inputs, outputs);
}

Cost elementwiseCost(std::span<const Operand> inputs, std::span<const Operand> outputs) {
    double n = 0, bytes = 0, outBytes = 0;
    for (const Operand& o : outputs)
        if (o.defined()) {
            n += static_cast<double>(o.numel());
            outBytes += static_cast<double>(o.nbytes());
        }
    for (const Operand& o : inputs)
        if (o.defined()) bytes += static_cast<double>(o.nbytes());
    return {n, bytes + outBytes};
}

std::int64_t nowNs() noexcept {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::uint32_t threadNumber() noexcept {
    thread_local const std::uint32_t number = g_nextThread.fetch_add(1, std::memory_order_relaxed);
    return number;
}

Scope::Scope(std::string_view name) : m_previous(t_scope) {
    std::string path = m_previous == 0 ? std::string(name) : scopePath(m_previous) + "/" + std::string(name);
    t_scope = intern(path);
}

Scope::~Scope() { t_scope = m_previous; }

ScopeId currentScope() noexcept { return t_scope; }

ScopeRestore::ScopeRestore(ScopeId id) noexcept : m_previous(t_scope) { t_scope = id; }
ScopeRestore::~ScopeRestore() { t_scope = m_previous; }

Phase currentPhase() noexcept { return t_phase; }

PhaseRestore::PhaseRestore(Phase phase) noexcept : m_previous(t_phase) { t_phase = phase; }
PhaseRestore::~PhaseRestore() { t_phase = m_previous; }

std::string scopePath(ScopeId id) {
    auto& table = scopeTable();
    std::lock_guard lock(table.mutex);
    return id < table.paths.size() ? table.paths[id] : std::string();
}

}  // namespace tessera::profile
