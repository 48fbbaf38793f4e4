// The CANN release of the loaded runtime (B-9): what validation applies when neither its caller
// nor ACLPP_CANN_VERSION names one. Over the vendor runtime it is the version the loaded
// libascendcl.so states (core/src/vendor/runtime_version.cpp, read once per process); the
// emulated runtime states none (core/src/lifecycle/runtime_features.cpp).
#pragma once

#include <aclpp/schema/cann_versions.hpp>
#include <optional>

namespace aclpp::core {

/// The release whose rules apply to the loaded runtime's version; nullopt when it states no
/// version that names a release, and on the emulated runtime.
[[nodiscard]] std::optional<schema::cann::Release> loadedRuntimeCannRelease() noexcept;

}  // namespace aclpp::core
