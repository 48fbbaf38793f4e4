#include "vendor/private_config_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <utility>

namespace aclpp::vendor {
namespace {

constexpr std::string_view kPrefix = "aclpp-";
constexpr const char *kFileName = "config.json";

bool isDirectory(const char *path) {
    struct stat st {};
    return path != nullptr && path[0] == '/' && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/// $XDG_RUNTIME_DIR (the user's own memory-backed folder), else /dev/shm (memory-backed), else
/// $TMPDIR, else /tmp: the bytes stay off the disk where the system allows it, and creating and
/// removing a file there costs a fraction of what it costs on a disk file system.
std::string baseDirectory() {
    const char *const candidates[] = {std::getenv("XDG_RUNTIME_DIR"), "/dev/shm", std::getenv("TMPDIR")};
    for (const char *candidate : candidates) {
        if (isDirectory(candidate)) return candidate;
    }
    return "/tmp";
}

std::string systemError(std::string_view what, const std::string &path) {
    return std::string(what) + " " + path + ": " + std::strerror(errno);
}

/// A directory this user made and may remove: a real directory (not a symlink), owned by us.
bool isOurDirectory(int parentFd, const char *name) {
    struct stat st {};
    return fstatat(parentFd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid();
}

/// Removes `name` (a directory of ours holding at most config.json) under parentFd.
void removeDirectory(int parentFd, const char *name) {
    const int fd = openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;
    (void)unlinkat(fd, kFileName, 0);
    close(fd);
    (void)unlinkat(parentFd, name, AT_REMOVEDIR);
}

/// "aclpp-<pid>" of a process that no longer runs.
bool namesDeadProcess(std::string_view name) {
    if (name.substr(0, kPrefix.size()) != kPrefix) return false;
    const std::string_view digits = name.substr(kPrefix.size());
    if (digits.empty() || digits.size() > 9) return false;
    long pid = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9') return false;
        pid = pid * 10 + (c - '0');
    }
    if (pid <= 0 || pid == static_cast<long>(getpid())) return false;
    return kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

void removeStaleDirectories(const std::string &base) {
    const int baseFd = open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (baseFd < 0) return;
    DIR *dir = fdopendir(dup(baseFd));
    if (dir != nullptr) {
        while (const dirent *entry = readdir(dir)) {
            if (namesDeadProcess(entry->d_name) && isOurDirectory(baseFd, entry->d_name)) {
                removeDirectory(baseFd, entry->d_name);
            }
        }
        closedir(dir);
    }
    close(baseFd);
}

bool writeAll(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes.remove_prefix(static_cast<size_t>(n));
    }
    return true;
}

}  // namespace

std::string privateDirectoryPath() {
    return baseDirectory() + "/" + std::string(kPrefix) + std::to_string(getpid());
}

std::optional<PrivateConfigFile> PrivateConfigFile::create(std::string_view bytes, std::string &error) {
    static std::once_flag staleRemoved;
    const std::string base = baseDirectory();
    std::call_once(staleRemoved, [&] { removeStaleDirectories(base); });

    // Paths, not descriptors: in a sticky folder (/tmp) or a private one nobody else can rename
    // or replace the directory once mkdir made it ours, and each saved descriptor is a syscall
    // on a call whose cost is its syscalls. The modes are at most 0700 and 0600 (the umask can
    // only take bits away).
    const std::string directory = privateDirectoryPath();
    if (mkdir(directory.c_str(), 0700) != 0) {
        if (errno != EEXIST) {
            error = systemError("cannot create the private directory", directory);
            return std::nullopt;
        }
        // Left by a process that had this pid, or planted: only a real directory of ours goes.
        const int baseFd = open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        const std::string name = directory.substr(base.size() + 1);
        const bool ours = baseFd >= 0 && isOurDirectory(baseFd, name.c_str());
        if (ours) removeDirectory(baseFd, name.c_str());
        if (baseFd >= 0) close(baseFd);
        if (!ours || mkdir(directory.c_str(), 0700) != 0) {
            error = "refusing the private directory " + directory +
                    ": something that is not this user's directory (a symbolic link, a file or another user's "
                    "directory) is in its place";
            return std::nullopt;
        }
    }
    PrivateConfigFile file(directory);  // from here on, the destructor cleans up
    const int fd = open(file.filePath_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        error = systemError("cannot create the private config file", file.filePath_);
        return std::nullopt;
    }
    const bool written = writeAll(fd, bytes);
    if (close(fd) != 0 || !written) {
        error = systemError("cannot write the private config file", file.filePath_);
        return std::nullopt;
    }
    return file;
}

PrivateConfigFile::PrivateConfigFile(std::string directory)
    : directory_(std::move(directory)), filePath_(directory_ + "/" + kFileName) {}

PrivateConfigFile::PrivateConfigFile(PrivateConfigFile &&other) noexcept
    : directory_(std::exchange(other.directory_, std::string())), filePath_(std::move(other.filePath_)) {}

PrivateConfigFile::~PrivateConfigFile() {
    if (directory_.empty()) return;
    (void)unlink(filePath_.c_str());
    (void)rmdir(directory_.c_str());
}

}  // namespace aclpp::vendor
