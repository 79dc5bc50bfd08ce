#include "core/io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/tensor/error.h"

namespace tessera::io {

namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& what, int err) {
    throw IoError(file.string() + ": " + what + ": " + std::strerror(err));
}

// Closes the descriptor and removes the temporary file unless the rename went through.
class TempFile {
public:
    explicit TempFile(const std::filesystem::path& target) : m_target(target) {
        const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
        std::string pattern = (folder / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
        m_fd = ::mkstemp(pattern.data());
        if (m_fd < 0) fail(target, "cannot create a temporary file in " + folder.string(), errno);
        m_path = pattern;
    }
    ~TempFile() {
        if (m_fd >= 0) ::close(m_fd);
        if (!m_committed) ::unlink(m_path.c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    void write(std::string_view bytes) {
        const char* p = bytes.data();
        std::size_t left = bytes.size();
        while (left > 0) {
            const ssize_t n = ::write(m_fd, p, left);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) fail(m_target, "cannot write", errno);
            p += n;
            left -= static_cast<std::size_t>(n);
        }
    }

    void commit() {
        if (::fsync(m_fd) != 0) fail(m_target, "cannot flush to disk", errno);
        // mkstemp creates 0600; a saved project should get the usual permissions (0666 & ~umask).
        const mode_t mask = ::umask(0);
        ::umask(mask);
        if (::fchmod(m_fd, 0666 & ~mask) != 0) fail(m_target, "cannot set permissions", errno);
        const int fd = m_fd;
        m_fd = -1;
        if (::close(fd) != 0) fail(m_target, "cannot close", errno);
        if (::rename(m_path.c_str(), m_target.c_str()) != 0) fail(m_target, "cannot replace", errno);
        m_committed = true;
        // The rename itself is durable only once the folder is synced.
        const std::filesystem::path folder = m_target.has_parent_path() ? m_target.parent_path() : ".";
        const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
        if (dir >= 0) {
            ::fsync(dir);
            ::close(dir);
        }
    }

private:
    std::filesystem::path m_target;
    std::string m_path;
    int m_fd = -1;
    bool m_committed = false;
};

}  // namespace

void writeFileAtomically(const std::filesystem::path& file, std::string_view bytes) {
    TempFile temp(file);
    temp.write(bytes);
    temp.commit();
}

std::string readFile(const std::filesystem::path& file) {
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) throw IoError(file.string() + ": is a folder, not a file");
    std::ifstream in(file, std::ios::binary);
    if (!in) fail(file, "cannot open", errno);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) fail(file, "cannot read", errno);
    return buffer.str();
}

}  // namespace tessera::io
