// Which SoC and how many devices the next first-level init emulates (E-1): the platform
// extension's choice if one was made, else ACLPP_SOC / ACLPP_DEVICE_COUNT, else the defaults.
#pragma once

#include "acl/aclpp_ext.h"

#include <aclpp/schema/cann_versions.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "platform/products.hpp"

namespace aclpp::core {

inline constexpr uint32_t kMaxDeviceCount = ACLPP_MAX_DEVICE_COUNT;

struct PlatformChoice {
    std::string socName;               // as given: what aclrtGetSocName returns
    const Product *product = nullptr;  // null when the name is unknown
    uint32_t deviceCount = 1;
    bool deviceCountChosen = false;  // by aclppSetPlatform, ACLPP_DEVICE_COUNT or the live runtime
    std::string error;               // why the choice is unusable (the SoC step fails with 500000)
    std::string cannVersionError;    // the part of `error` that ACLPP_CANN_VERSION caused, if any
    /// The CANN release whose rules validation applies (B-9): ACLPP_CANN_VERSION, else the one the
    /// loaded vendor runtime states, else master's.
    schema::cann::Release cannRelease = schema::cann::kDefaultRelease;

    [[nodiscard]] bool valid() const noexcept { return product != nullptr && error.empty(); }
    /// Applies a release named by the caller: it replaces ACLPP_CANN_VERSION, and with it the
    /// error of a value there that is not a version.
    void chooseCannRelease(schema::cann::Release release);
    /// The product whose rules validation uses: the chosen one, or the default when unknown.
    [[nodiscard]] const Product &rulesProduct() const noexcept { return product ? *product : defaultProduct(); }
};

/// Set by aclppSetPlatform; empty optionals mean "from the environment".
struct PlatformOverride {
    std::optional<std::string> soc;
    std::optional<uint32_t> deviceCount;
};

/// What decides the platform of a validation that names no SoC: on the emulated runtime the
/// aclppSetPlatform choice; over the vendor runtime the live SoC (aclrtGetSocName) once
/// initialised (B-3). Each runtime's sources define it.
[[nodiscard]] PlatformOverride platformOverrideInForce();

[[nodiscard]] PlatformChoice resolvePlatform(const PlatformOverride &override_);
/// Resolves an explicit SoC name (validation for a chosen SoC); device count from the override/env.
[[nodiscard]] PlatformChoice resolvePlatform(const PlatformOverride &override_, const char *soc);

}  // namespace aclpp::core
