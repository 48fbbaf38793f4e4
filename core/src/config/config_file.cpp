#include "config/config_file.hpp"
#include "text/user_text.hpp"

#include <fcntl.h>
#include <simdjson.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <new>

namespace aclpp::core {

ConfigBytes::ConfigBytes(std::string_view bytes) {
    // One copy: zero-filling the whole buffer first (reserveForRead) would write it twice.
    storage_.reserve(bytes.size() + simdjson::SIMDJSON_PADDING);
    // An empty view may carry a NULL pointer (aclppInitFromBuffer(NULL, 0)): memcpy must not see it.
    if (!bytes.empty()) storage_.append(bytes.data(), bytes.size());
    storage_.append(simdjson::SIMDJSON_PADDING, '\0');
    size_ = bytes.size();
}

void ConfigBytes::reserveForRead(std::size_t size) {
    storage_.assign(size + simdjson::SIMDJSON_PADDING, '\0');
    size_ = 0;
}

namespace {

ReadResult invalidFile(std::string message) {
    return ReadResult{ACL_ERROR_INVALID_FILE, std::move(message)};
}

class FileDescriptor {
public:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    FileDescriptor(const FileDescriptor &) = delete;
    FileDescriptor &operator=(const FileDescriptor &) = delete;
    ~FileDescriptor() {
        if (fd_ >= 0) ::close(fd_);
    }
    [[nodiscard]] int get() const noexcept { return fd_; }

private:
    int fd_;
};

std::string_view fileKind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

}  // namespace

std::string tooLargeMessage(std::string_view source) {
    return std::string(source) + " is larger than 10 MiB: a config may have at most 10485760 bytes";
}

ReadResult checkConfigSize(std::size_t size) {
    if (size <= kMaxConfigBytes) return {};
    return invalidFile(tooLargeMessage("the config buffer"));
}

ReadResult readConfigFile(const char *path, ConfigBytes &out) {
    char resolved[PATH_MAX];
    if (::realpath(path, resolved) == nullptr) {
        if (errno == ENOMEM) throw std::bad_alloc();  // out of memory is 200000, not a bad file
        return invalidFile("cannot resolve the config path " + quotedText(path, kWholeText) + ": " +
                           std::strerror(errno));
    }
    // stat by path first so that devices and FIFOs are never even opened.
    struct stat info {};
    if (::stat(resolved, &info) != 0) {
        return invalidFile("cannot stat the config file " + quotedText(resolved, kWholeText) + ": " +
                           std::strerror(errno));
    }
    if (!S_ISREG(info.st_mode)) {
        return invalidFile("the config path " + quotedText(resolved, kWholeText) + " is " +
                           std::string(fileKind(info.st_mode)) + "; a regular file is required");
    }
    if (static_cast<std::size_t>(info.st_size) > kMaxConfigBytes) {
        return invalidFile(tooLargeMessage("the config file " + quotedText(resolved, kWholeText)));
    }
    // O_NONBLOCK: if the path was swapped for a FIFO after the stat, open and read still return.
    FileDescriptor fd(::open(resolved, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
    if (fd.get() < 0) {
        return invalidFile("cannot open the config file " + quotedText(resolved, kWholeText) + ": " +
                           std::strerror(errno));
    }
    if (::fstat(fd.get(), &info) != 0 || !S_ISREG(info.st_mode)) {
        return invalidFile("the config path " + quotedText(resolved, kWholeText) + " is not a regular file");
    }
    if (static_cast<std::size_t>(info.st_size) > kMaxConfigBytes) {
        return invalidFile(tooLargeMessage("the config file " + quotedText(resolved, kWholeText)));
    }
    // Read what is there now, up to the limit plus one byte to notice a file that grew.
    const std::size_t expected = static_cast<std::size_t>(info.st_size);
    const std::size_t capacity = std::min(kMaxConfigBytes + 1, expected + 4096);
    out.reserveForRead(capacity);
    std::size_t total = 0;
    while (total < capacity) {
        const ssize_t n = ::read(fd.get(), out.data() + total, capacity - total);
        if (n < 0) {
            if (errno == EINTR) continue;
            return invalidFile("cannot read the config file " + quotedText(resolved, kWholeText) + ": " +
                               std::strerror(errno));
        }
        if (n == 0) break;
        total += static_cast<std::size_t>(n);
    }
    if (total > kMaxConfigBytes)
        return invalidFile(tooLargeMessage("the config file " + quotedText(resolved, kWholeText)));
    out.setSize(total);
    return {};
}

}  // namespace aclpp::core
