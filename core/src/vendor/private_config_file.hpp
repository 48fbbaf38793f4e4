// The file behind aclppInitFromBuffer over the vendor runtime, which can only read a config
// from a path (B-3): a directory "aclpp-<pid>" (mode 0700) under the first of $XDG_RUNTIME_DIR,
// /dev/shm, $TMPDIR and /tmp that nobody else can rename things in (owned by this user or root,
// not writable by others without the sticky bit); in it config.json, mode 0600. Every step after
// mkdir goes through the directory's descriptor, so a symlink swapped in is never followed.
// Both go when the object goes, or at exit() during the init; directories of dead processes go
// on the first use in a process.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aclpp::vendor {

class PrivateConfigFile {
public:
    /// Writes `bytes`; nullopt with `error` saying what failed (and where) when it cannot.
    /// One file exists per process at a time: a second caller waits until the first is gone
    /// (never for a thread of the parent of a fork child, which has no such thread).
    [[nodiscard]] static std::optional<PrivateConfigFile> create(std::string_view bytes, std::string &error);

    PrivateConfigFile(PrivateConfigFile &&other) noexcept;
    PrivateConfigFile &operator=(PrivateConfigFile &&) = delete;
    PrivateConfigFile(const PrivateConfigFile &) = delete;
    PrivateConfigFile &operator=(const PrivateConfigFile &) = delete;
    ~PrivateConfigFile();

    /// The path the vendor's aclInit reads.
    [[nodiscard]] const std::string &path() const noexcept { return filePath_; }

private:
    PrivateConfigFile() noexcept;  // takes the process's one claim

    std::string filePath_;
    bool holdsClaim_ = false;  // false once moved from
};

}  // namespace aclpp::vendor
