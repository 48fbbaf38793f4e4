// acl/device.hpp: acl::Device, RAII over aclrtSetDevice / aclrtResetDevice (decision C-2).
//
//     acl::Device device{0};   // aclrtSetDevice(0): device 0 is current on this thread
//     ...                      // ~Device: aclrtResetDevice(0)
//
// The runtime counts aclrtSetDevice per device; each Device holds one count. Finalize resets
// every device (E-2), so a Device that outlives its runtime does nothing when destroyed; neither
// does one destroyed in a fork() child (L-10).
#pragma once

#include <acl/acl.h>

#include <acl/detail/handle.hpp>
#include <acl/error.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <system_error>
#include <utility>

namespace acl {
inline namespace v1 {

/// One aclrtSetDevice count on a device. Move-only; empty after a move, release() or close().
class Device {
public:
    /// An empty handle.
    Device(std::nullptr_t) noexcept {}  // NOLINT(google-explicit-constructor): Vulkan-Hpp shape
    /// aclrtSetDevice(id). Throws acl::Error on failure (100001 before init, 107001 bad id).
    ACLPP_THROWING explicit Device(std::int32_t id) {
        ACLPP_NEEDS_EXCEPTIONS("acl::Device::create(id, ec)");
        std::uint64_t epoch = 0;
        const aclError rc = aclppSetDeviceWithEpoch(id, &epoch);
        if (rc != ACL_SUCCESS) [[unlikely]]
            detail::raise(rc, "aclrtSetDevice", "device " + std::to_string(id));
        adopt(id, epoch);
    }
    /// The error_code twin: an empty handle and `ec` set on failure.
    [[nodiscard]] static Device create(std::int32_t id, std::error_code &ec) noexcept {
        Device device(nullptr);
        std::uint64_t epoch = 0;
        if (detail::assign(ec, aclppSetDeviceWithEpoch(id, &epoch))) device.adopt(id, epoch);
        return device;
    }

    Device(const Device &) = delete;
    Device &operator=(const Device &) = delete;
    Device(Device &&other) noexcept : id_(std::exchange(other.id_, kEmpty)), origin_(other.origin_) {}
    Device &operator=(Device &&other) noexcept {
        if (this != &other) {
            reset();
            id_ = std::exchange(other.id_, kEmpty);
            origin_ = other.origin_;
        }
        return *this;
    }
    /// aclrtResetDevice(id); a failure goes to the finalize-error handler.
    ~Device() { reset(); }

    [[nodiscard]] explicit operator bool() const noexcept { return id_ != kEmpty; }
    [[nodiscard]] bool empty() const noexcept { return id_ == kEmpty; }
    /// The device id (-1 when empty).
    [[nodiscard]] std::int32_t id() const noexcept { return id_; }

    /// Synchronizes this device, whatever this thread's current device is (which stays as it
    /// is). Throws acl::Error: 100001 when empty or its runtime was finalized since.
    ACLPP_THROWING void synchronize() const {
        ACLPP_NEEDS_EXCEPTIONS("synchronize(ec)");
        const aclError rc = synchronize_held();
        if (rc != ACL_SUCCESS) [[unlikely]]
            detail::raise(rc, "aclrtSynchronizeDevice", "device " + std::to_string(id_));
    }
    void synchronize(std::error_code &ec) const noexcept { detail::assign(ec, synchronize_held()); }

    /// aclrtResetDevice now; a failure goes to the finalize-error handler. Empty afterwards.
    void reset() noexcept {
        std::error_code ec;
        if (!give_back(ec)) detail::report_finalize_error(ec.value(), "aclrtResetDevice", "acl::Device");
    }
    /// aclrtResetDevice now; throws acl::Error on failure. Empty afterwards.
    ACLPP_THROWING void close() {
        ACLPP_NEEDS_EXCEPTIONS("close(ec)");
        std::error_code ec;
        if (!give_back(ec)) detail::raise(ec.value(), "aclrtResetDevice");
    }
    void close(std::error_code &ec) noexcept { give_back(ec); }
    /// Stops managing the count without resetting; returns the id (-1 when empty).
    [[nodiscard]] std::int32_t release() noexcept { return std::exchange(id_, kEmpty); }

private:
    static constexpr std::int32_t kEmpty = -1;

    void adopt(std::int32_t id, std::uint64_t epoch) noexcept {
        id_ = id;
        origin_ = detail::Origin::taken_on(epoch);
    }
    [[nodiscard]] aclError synchronize_held() const noexcept {
        if (id_ == kEmpty || !origin_.same_process()) return ACL_ERROR_UNINITIALIZE;
        return aclppSynchronizeDeviceOfEpoch(id_, origin_.core_epoch());
    }
    bool give_back(std::error_code &ec) noexcept {
        ec.clear();
        const std::int32_t id = std::exchange(id_, kEmpty);
        if (id == kEmpty || !origin_.same_process()) return true;
        // The core resets only in the runtime the count was taken in: 100001 means that runtime
        // is gone, and its finalize reset every device already (E-2).
        const aclError rc = aclppResetDeviceOfEpoch(id, origin_.core_epoch());
        return rc == ACL_ERROR_UNINITIALIZE || detail::assign(ec, rc);
    }

    std::int32_t id_ = kEmpty;  ///< the handle: -1 = empty
    detail::Origin origin_{};
};

}  // namespace v1
}  // namespace acl
