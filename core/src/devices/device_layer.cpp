#include "devices/device_layer.hpp"

namespace aclpp::core {

void DeviceLayerState::start(const Product &chosen, std::string soc, uint32_t count) {
    product = &chosen;
    socName = std::move(soc);
    deviceCount = count;
    setCounts.assign(count, 0);
    limits = LimitValues{};
    defaultDevice.reset();
    eventMode.reset();
}

void DeviceLayerState::resetDevicesAndLimits() {
    for (uint64_t &count : setCounts) count = 0;
    limits = LimitValues{};
    defaultDevice.reset();
    eventMode.reset();
}

uint64_t DeviceLayerState::devicesInUse() const noexcept {
    uint64_t total = 0;
    for (uint64_t count : setCounts) total += count;
    return total;
}

}  // namespace aclpp::core
