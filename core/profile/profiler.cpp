#include "core/profile/profiler.h"

#include <chrono>
#include <mutex>
#include <unordered_map>

namespace tessera::profile {

namespace detail {
std::atomic<bool> g_enabled{false};
}

namespace {

struct EventLog {
    std::mutex mutex;
    std::vector<Event> events;
};
EventLog& eventLog() {
    static EventLog log;
    return log;
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
std::atomic<std::uint32_t> g_nextThread{0};

ScopeId intern(const std::string& path) {
    auto& table = scopeTable();
    std::lock_guard lock(table.mutex);
    auto [it, inserted] = table.ids.try_emplace(path, static_cast<ScopeId>(table.paths.size()));
    if (inserted) table.paths.push_back(path);
    return it->second;
}

}  // namespace

void start() {
    auto& log = eventLog();
    {
        std::lock_guard lock(log.mutex);
        log.events.clear();
    }
    detail::g_enabled.store(true, std::memory_order_relaxed);
}

std::vector<Event> stop() {
    detail::g_enabled.store(false, std::memory_order_relaxed);
    auto& log = eventLog();
    std::lock_guard lock(log.mutex);
    return std::exchange(log.events, {});
}

void record(Event event) {
    auto& log = eventLog();
    std::lock_guard lock(log.mutex);
    log.events.push_back(std::move(event));
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

std::string scopePath(ScopeId id) {
    auto& table = scopeTable();
    std::lock_guard lock(table.mutex);
    return id < table.paths.size() ? table.paths[id] : std::string();
}

}  // namespace tessera::profile
