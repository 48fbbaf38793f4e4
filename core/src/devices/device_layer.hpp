// The emulated device layer (E-1..E-3): what aclrtSetDevice and friends, and the config's
// limits, default device and event mode change. It is plain data so that an init can take a
// copy and put it back on failure (L-2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "devices/limits.hpp"
#include "platform/products.hpp"

namespace aclpp::core {

struct DeviceLayerState {
    const Product *product = nullptr;  // null while not initialised
    std::string socName;
    uint32_t deviceCount = 0;
    std::vector<uint64_t> setCounts;       // aclrtSetDevice counts per device
    LimitValues limits;                    // stored values (SIMT stack per thread), defaults at start
    std::optional<int32_t> defaultDevice;  // from defaultDevice.default_device
    std::optional<uint8_t> eventMode;
    bool fillHookRegistered = false;
    bool dumpServerStarted = false;  // by this epoch's init (K-4: never sticky)
    bool profilingInitialised = false;

    /// The state right after a first-level init starts on `product` with `deviceCount` devices.
    void start(const Product &chosen, std::string soc, uint32_t count);
    /// Every device reset, limits back to the defaults (E-2, E-3 at finalize).
    void resetDevicesAndLimits();
    [[nodiscard]] uint64_t devicesInUse() const noexcept;
};

/// The per-thread current device, invalidated when the epoch it was set in ends.
struct CurrentDevice {
    uint64_t epoch = 0;
    int32_t device = -1;
};

}  // namespace aclpp::core
