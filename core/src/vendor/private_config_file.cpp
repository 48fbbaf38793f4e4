#include "vendor/private_config_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "text/user_text.hpp"
#include "vendor/fork_safe_lock.hpp"

namespace aclpp::vendor {
namespace {

using core::kWholeText;
using core::quotedText;

constexpr std::string_view kPrefix = "aclpp-";
constexpr const char *kFileName = "config.json";

// ---- the claim: one private file per process at a time ---------------------------------------
// A fork child takes it over from a parent's thread, which does not exist in the child (F10).
constinit ForkSafeLock claim;

// ---- what the claim holder made, where exit() can still find it -----------------------------
enum SlotState : int { kIdle, kActive, kCleaning };

struct Slot {
    std::atomic<int> state{kIdle};
    std::atomic<pid_t> pid{0};  // the process that made it
    int baseFd = -1;
    int dirFd = -1;
    bool ownsDirectory = false;  // made (or cleaned and taken over) by this call
    dev_t device = 0;            // the directory's identity, to remove it by name only while
    ino_t inode = 0;             // the name still means it
    char name[32] = {};
};
constinit Slot slot;  // never destroyed: a static destructor may still init

// No allocation, no lock: also runs from exit().
void removeSlotEntries() noexcept {
    if (slot.dirFd >= 0) (void)unlinkat(slot.dirFd, kFileName, 0);
    if (!slot.ownsDirectory || slot.baseFd < 0) return;
    struct stat now {};
    if (fstatat(slot.baseFd, slot.name, &now, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(now.st_mode) &&
        now.st_dev == slot.device && now.st_ino == slot.inode) {
        (void)unlinkat(slot.baseFd, slot.name, AT_REMOVEDIR);
    }
}

void closeSlot() noexcept {
    if (slot.dirFd >= 0) close(slot.dirFd);
    if (slot.baseFd >= 0) close(slot.baseFd);
    slot.dirFd = -1;
    slot.baseFd = -1;
    slot.ownsDirectory = false;
}

// exit() during an init (from a callback, or from another thread) runs static destructors, not
// the init's own: this one removes what the init made (F16).
struct RemoveAtExit {
    RemoveAtExit() = default;
    RemoveAtExit(const RemoveAtExit &) = delete;
    RemoveAtExit &operator=(const RemoveAtExit &) = delete;
    ~RemoveAtExit() {
        int active = kActive;
        if (slot.pid.load() == getpid() && slot.state.compare_exchange_strong(active, kCleaning)) removeSlotEntries();
    }
};
RemoveAtExit removeAtExit;

// ---- the base directory ------------------------------------------------------------------------

/// Why a directory may not hold the private one (others could rename or replace it), or nullptr.
const char *unsafeBecause(const struct stat &st) {
    if (!S_ISDIR(st.st_mode)) return "is not a directory";
    if (st.st_uid != geteuid() && st.st_uid != 0) return "belongs to another user";
    if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && (st.st_mode & S_ISVTX) == 0) {
        return "is writable by others without the sticky bit";
    }
    return nullptr;
}

/// $XDG_RUNTIME_DIR (the user's own memory-backed folder), else /dev/shm (memory-backed), else
/// $TMPDIR, else /tmp: the bytes stay off the disk where the system allows it. The first that is
/// safe is opened; `chosen` is its path, `passedOver` says why the others before it were not.
int openBaseDirectory(std::string &chosen, std::string &passedOver) {
    const char *const candidates[] = {std::getenv("XDG_RUNTIME_DIR"), "/dev/shm", std::getenv("TMPDIR"), "/tmp"};
    for (const char *candidate : candidates) {
        if (candidate == nullptr || candidate[0] != '/') continue;
        const int fd = open(candidate, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) continue;  // missing or not a directory: the next one, as ever
        struct stat st {};
        const char *why = fstat(fd, &st) != 0 ? "cannot be examined" : unsafeBecause(st);
        if (why == nullptr) {
            chosen = candidate;
            return fd;
        }
        close(fd);
        passedOver += passedOver.empty() ? "" : "; ";
        passedOver += quotedText(candidate, kWholeText) + " " + why;
    }
    return -1;
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

/// Removes `name` under baseFd when it is a real directory of ours holding at most config.json.
void removeStaleDirectory(int baseFd, const char *name) {
    const int fd = openat(baseFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (fstat(fd, &st) == 0 && st.st_uid == geteuid()) {
        (void)unlinkat(fd, kFileName, 0);
        (void)unlinkat(baseFd, name, AT_REMOVEDIR);  // fails unless empty, and on a symlink
    }
    close(fd);
}

void removeStaleDirectories(int baseFd) {
    const int listFd = dup(baseFd);
    if (listFd < 0) return;
    DIR *dir = fdopendir(listFd);
    if (dir == nullptr) {
        close(listFd);
        return;
    }
    while (const dirent *entry = readdir(dir)) {
        if (namesDeadProcess(entry->d_name)) removeStaleDirectory(baseFd, entry->d_name);
    }
    closedir(dir);
}

/// Entries of the open directory `fd` other than config.json: "" when none, else a list of a
/// few, quoted.
std::string strangerEntries(int fd) {
    const int listFd = dup(fd);
    DIR *dir = listFd >= 0 ? fdopendir(listFd) : nullptr;
    if (dir == nullptr) {
        if (listFd >= 0) close(listFd);
        return "entries that cannot be listed";
    }
    std::string shown;
    std::size_t count = 0;
    while (const dirent *entry = readdir(dir)) {
        const std::string_view name = entry->d_name;
        if (name == "." || name == ".." || name == kFileName) continue;
        if (++count <= 3) shown += (shown.empty() ? "" : ", ") + quotedText(name);
    }
    closedir(dir);
    if (count > 3) shown += " and " + std::to_string(count - 3) + " more";
    return shown;
}

std::string systemError(std::string_view what, const std::string &path) {
    return std::string(what) + " " + path + ": " + std::strerror(errno);
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

/// Opens the directory `slot.name` under the base, refusing anything but this user's real
/// directory; records its identity. Returns the error text, "" on success.
std::string openOwnDirectory(const std::string &directory) {
    slot.dirFd = openat(slot.baseFd, slot.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st {};
    if (slot.dirFd < 0 || fstat(slot.dirFd, &st) != 0 || st.st_uid != geteuid()) {
        if (slot.dirFd >= 0) close(slot.dirFd);
        slot.dirFd = -1;  // nothing in it is ours to remove
        return "refusing the private directory " + directory +
               ": something that is not this user's directory (a symbolic link, a file or another user's "
               "directory) is in its place";
    }
    slot.device = st.st_dev;
    slot.inode = st.st_ino;
    return {};
}

}  // namespace

PrivateConfigFile::PrivateConfigFile() noexcept : holdsClaim_(true) {
    claim.lock();
    closeSlot();  // in a fork child: the copies of what a parent's thread had open, nothing removed
    slot.pid.store(getpid());
    slot.state.store(kActive);
}

std::optional<PrivateConfigFile> PrivateConfigFile::create(std::string_view bytes, std::string &error) {
    PrivateConfigFile file;  // from here on, its destructor removes whatever was made

    std::string base;
    std::string passedOver;
    slot.baseFd = openBaseDirectory(base, passedOver);
    if (slot.baseFd < 0) {
        error =
            "no folder for the private directory is safe from other users: " +
            (passedOver.empty() ? std::string("none of $XDG_RUNTIME_DIR, /dev/shm, $TMPDIR, /tmp exists") : passedOver);
        return std::nullopt;
    }
    static constinit std::atomic<bool> staleRemoved{false};  // not call_once: a fork child may come
    if (!staleRemoved.exchange(true)) removeStaleDirectories(slot.baseFd);

    // Every string is made before mkdir: an allocation that fails after it must find nothing to
    // leave behind but what the destructor removes (F8).
    std::snprintf(slot.name, sizeof slot.name, "%.*s%ld", static_cast<int>(kPrefix.size()), kPrefix.data(),
                  static_cast<long>(getpid()));
    const std::string directory = base + "/" + slot.name;
    file.filePath_ = directory + "/" + kFileName;

    if (mkdirat(slot.baseFd, slot.name, 0700) == 0) {
        slot.ownsDirectory = true;  // before the open: a directory swapped in meanwhile stays
        if (std::string refused = openOwnDirectory(directory); !refused.empty()) {
            slot.ownsDirectory = false;
            error = std::move(refused);
            return std::nullopt;
        }
    } else if (errno == EEXIST) {
        // Left by a process that had this pid (killed), or planted: only this user's real
        // directory holding nothing but our config file is taken over (F9).
        if (std::string refused = openOwnDirectory(directory); !refused.empty()) {
            error = std::move(refused);
            return std::nullopt;
        }
        if (const std::string strangers = strangerEntries(slot.dirFd); !strangers.empty()) {
            error = "refusing the private directory " + directory +
                    ": it is this user's, left by an earlier process with this pid, but holds what aclpp never "
                    "puts there (" +
                    strangers + "); remove it";
            return std::nullopt;
        }
        (void)unlinkat(slot.dirFd, kFileName, 0);
        if (fchmod(slot.dirFd, 0700) != 0) {
            error = systemError("cannot restrict the private directory", directory);
            return std::nullopt;
        }
        slot.ownsDirectory = true;
    } else {
        error = systemError("cannot create the private directory", directory);
        return std::nullopt;
    }

    const int fd = openat(slot.dirFd, kFileName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        error = systemError("cannot create the private config file", file.filePath_);
        return std::nullopt;
    }
    const bool written = writeAll(fd, bytes);
    if (close(fd) != 0 || !written) {
        error = systemError("cannot write the private config file", file.filePath_);
        return std::nullopt;
    }
    return std::optional<PrivateConfigFile>(std::move(file));
}

PrivateConfigFile::PrivateConfigFile(PrivateConfigFile &&other) noexcept
    : filePath_(std::move(other.filePath_)), holdsClaim_(std::exchange(other.holdsClaim_, false)) {}

PrivateConfigFile::~PrivateConfigFile() {
    if (!holdsClaim_) return;
    // A fork child of the thread that made it: the files are the parent's.
    if (slot.pid.load() != getpid()) return;
    int active = kActive;
    if (!slot.state.compare_exchange_strong(active, kIdle)) return;  // exit() is removing them
    removeSlotEntries();
    closeSlot();
    claim.unlock();
}

}  // namespace aclpp::vendor
