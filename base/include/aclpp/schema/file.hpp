// The file acl.json itself (F-2): how large a config may be, wherever its bytes come from (a
// file, a buffer, acl-config's standard input).
#pragma once

#include <cstddef>

namespace aclpp::schema {

inline constexpr std::size_t kMaxConfigBytes = 10u * 1024u * 1024u;  // exactly 10 MiB is allowed

}  // namespace aclpp::schema
