// The file behind aclppInitFromBuffer over the vendor runtime, which can only read a config
// from a path (B-3): a new directory "aclpp-<pid>" (mode 0700, made with mkdir, which never
// follows a symlink) under $XDG_RUNTIME_DIR, else /dev/shm, else $TMPDIR, else /tmp; in it
// config.json, mode 0600, created with O_EXCL | O_NOFOLLOW. Both are removed when the object
// goes, so the bytes never outlive the init that reads them. Directories left by dead processes
// go on the first use in a process.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aclpp::vendor {

class PrivateConfigFile {
public:
    /// Writes `bytes`; nullopt with `error` saying what failed (and where) when it cannot.
    [[nodiscard]] static std::optional<PrivateConfigFile> create(std::string_view bytes, std::string &error);

    PrivateConfigFile(PrivateConfigFile &&other) noexcept;
    PrivateConfigFile &operator=(PrivateConfigFile &&) = delete;
    PrivateConfigFile(const PrivateConfigFile &) = delete;
    PrivateConfigFile &operator=(const PrivateConfigFile &) = delete;
    ~PrivateConfigFile();

    [[nodiscard]] const std::string &path() const noexcept { return filePath_; }

private:
    explicit PrivateConfigFile(std::string directory);

    std::string directory_;  // empty once moved from
    std::string filePath_;
};

/// The directory create() uses in this process: the base folder + "/aclpp-<pid>".
[[nodiscard]] std::string privateDirectoryPath();

}  // namespace aclpp::vendor
