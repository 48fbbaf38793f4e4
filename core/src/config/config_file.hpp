// Reading acl.json: the F-2 checks happen before a single byte is read, and the file is read
// exactly once; the same bytes then feed the identity rule, validation and the callbacks.
#pragma once

#include <aclpp/schema/file.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "acl/acl.h"

namespace aclpp::core {

using aclpp::schema::kMaxConfigBytes;

/// Config content with simdjson's padding after the end, so it parses without a copy.
class ConfigBytes {
public:
    ConfigBytes() = default;
    explicit ConfigBytes(std::string_view bytes);

    [[nodiscard]] std::string_view view() const noexcept { return {storage_.data(), size_}; }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    /// Storage big enough for `size` bytes plus padding; fill data() then call setSize().
    void reserveForRead(std::size_t size);
    [[nodiscard]] char *data() noexcept { return storage_.data(); }
    void setSize(std::size_t size) noexcept { size_ = size; }

private:
    std::string storage_;
    std::size_t size_ = 0;
};

using SharedConfigBytes = std::shared_ptr<const ConfigBytes>;

struct ReadResult {
    aclError code = ACL_SUCCESS;
    std::string message;  // set on failure
};

/// "<source> is larger than 10 MiB: ...": the one message of the size limit, for a file, a buffer
/// and acl-config's standard input alike (F-2).
[[nodiscard]] std::string tooLargeMessage(std::string_view source);

/// 100003 with tooLargeMessage() for a buffer over 10 MiB, as readConfigFile() for a file (F-2).
[[nodiscard]] ReadResult checkConfigSize(std::size_t size);

/// Reads `path` (non-empty): realpath, a regular file, at most 10 MiB, all checked on the open
/// descriptor before reading; FIFOs never block and devices are never read (F-2).
[[nodiscard]] ReadResult readConfigFile(const char *path, ConfigBytes &out);

}  // namespace aclpp::core
