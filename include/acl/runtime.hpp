// acl/runtime.hpp: process-wide queries of the runtime (decision A-2): the lifecycle state, the
// emulated platform, the effective configuration, the config bytes of the live runtime and its
// holders (C-7). The
// effective configuration comes from <acl/effective_config.hpp> (text; a Session needs it without
// the rest of this header) and <acl/json.hpp> (parsed). Not part of <acl/acl.hpp>:
// LifecycleState's durations need <chrono>.
#pragma once

#include <acl/acl.h>
#include <acl/aclpp_ext.h>

#include <acl/detail/caller_buffer.hpp>
#include <acl/effective_config.hpp>
#include <acl/error.hpp>
#include <acl/scoped_init.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace acl {
inline namespace v1 {

/// Who gives the live runtime back (aclppGetRuntimeOwner; B-6).
enum class RuntimeOwner : std::uint8_t {
    none,     ///< no runtime live (over CANN 8.x: aclpp holds no reference)
    counted,  ///< the runtime counts its references (aclFinalizeReference)
    aclpp,    ///< no count in the runtime; aclpp initialised it: its last aclpp holder finalizes
    other,    ///< no count in the runtime; another library initialised it: aclpp never finalizes
};

/// The lifecycle state (aclppGetLifecycleState, aclppGetRuntimeOwner).
struct LifecycleState {
    std::uint64_t ref_count = 0;  ///< references held (aclInit count); see ref_count_is_total
    /// True on the emulated runtime. False over the vendor runtime, which does not tell its
    /// count: ref_count is then the references taken through aclpp (Session, ScopedInit), and
    /// finalized, identity_remembered, forked_child and the durations are unknown (false, 0).
    bool ref_count_is_total = true;
    bool initialized = false;             ///< ref_count > 0
    bool finalized = false;               ///< a repeat aclFinalize would return 100037
    bool transition_in_progress = false;  ///< a 0->1 init or a teardown is running
    bool identity_remembered = false;     ///< a config identity is remembered (L-4)
    bool forked_child = false;            ///< this process is a fork() child of an initialised parent
    std::uint64_t epoch = 0;              ///< successful 0->1 inits so far
    std::chrono::nanoseconds last_init{0};
    std::chrono::nanoseconds last_finalize{0};
    RuntimeOwner owner = RuntimeOwner::none;
};

/// The current lifecycle state.
[[nodiscard]] inline LifecycleState lifecycle_state(std::error_code &ec) noexcept {
    aclppLifecycleState raw{};
    LifecycleState state;
    if (!detail::assign(ec, aclppGetLifecycleState(&raw))) return state;
    state.ref_count = raw.refCount;
    state.ref_count_is_total = raw.refCountIsTotal != 0;
    state.initialized = raw.initialized != 0;
    state.finalized = raw.finalized != 0;
    state.transition_in_progress = raw.transitionInProgress != 0;
    state.identity_remembered = raw.identityRemembered != 0;
    state.forked_child = raw.forkedChild != 0;
    state.epoch = raw.epoch;
    state.last_init = std::chrono::nanoseconds(raw.lastInitNanoseconds);
    state.last_finalize = std::chrono::nanoseconds(raw.lastFinalizeNanoseconds);
    state.owner = static_cast<RuntimeOwner>(aclppGetRuntimeOwner());
    return state;
}
ACLPP_THROWING [[nodiscard]] inline LifecycleState lifecycle_state() {
    ACLPP_NEEDS_EXCEPTIONS("acl::lifecycle_state(ec)");
    std::error_code ec;
    LifecycleState state = lifecycle_state(ec);
    if (ec) detail::raise(ec.value(), "aclppGetLifecycleState");
    return state;
}

/// One live holder of the runtime: an acl::ScopedInit or acl::Session (decision C-7).
struct Holder {
    std::string name;                             ///< SessionOptions::name / HolderOptions::name ("" when unnamed)
    std::uint64_t thread = 0;                     ///< the kernel thread id (gettid) that took the reference
    std::chrono::system_clock::time_point since;  ///< when (a coarse clock: a few ms)
    Ownership ownership = Ownership::owner;       ///< owner: its init started the runtime; joined
    std::uint64_t epoch = 0;                      ///< the runtime it holds
};

/// The holders of the live runtime (aclppGetHolders).
struct HolderList {
    std::vector<Holder> holders;  ///< oldest entry first
    /// A runtime is live that no aclpp holder started: a plain aclInit, or another library.
    bool started_outside_aclpp = false;
};

[[nodiscard]] inline HolderList holders(std::error_code &ec) {
    HolderList list;
    std::vector<aclppHolderInfo> raw;
    size_t count = 0;
    int outside = 0;
    // Another thread may add holders between the two calls: ask again until they fit.
    do {
        raw.resize(count + 4);
        if (!detail::assign(ec, aclppGetHolders(raw.data(), raw.size(), &count, &outside))) return list;
    } while (count > raw.size());
    list.started_outside_aclpp = outside != 0;
    for (size_t i = 0; i < count; ++i) {
        const aclppHolderInfo &info = raw[i];
        list.holders.push_back(Holder{
            info.name, info.thread,
            std::chrono::system_clock::time_point(std::chrono::duration_cast<std::chrono::system_clock::duration>(
                std::chrono::nanoseconds(info.sinceNanoseconds))),
            info.owner != 0 ? Ownership::owner : Ownership::joined, info.epoch});
    }
    return list;
}
ACLPP_THROWING [[nodiscard]] inline HolderList holders() {
    ACLPP_NEEDS_EXCEPTIONS("acl::holders(ec)");
    std::error_code ec;
    HolderList list = holders(ec);
    if (ec) detail::raise(ec.value(), "aclppGetHolders");
    return list;
}

/// Which of the vendor's optional lifecycle functions the loaded runtime has (aclppRuntimeFeatures;
/// B-6): all of them on the emulated runtime and CANN 9, none on CANN 8.x.
struct RuntimeFeatures {
    bool finalize_reference = false;  ///< aclFinalizeReference: the runtime counts its holders
    bool callbacks = false;           ///< the init/finalize callback API: callback tokens, a joined runtime's config
    bool device_limits = false;       ///< aclrtDeviceSetLimit / aclrtDeviceGetLimit
};

[[nodiscard]] inline RuntimeFeatures runtime_features() noexcept {
    const std::uint32_t bits = aclppRuntimeFeatures();
    return RuntimeFeatures{(bits & ACLPP_FEATURE_FINALIZE_REFERENCE) != 0, (bits & ACLPP_FEATURE_CALLBACKS) != 0,
                           (bits & ACLPP_FEATURE_DEVICE_LIMITS) != 0};
}

/// aclrtGetSocName(): the SoC ("Ascend910B1"); "" when the runtime has none.
[[nodiscard]] inline std::string soc_name() {
    const char *name = aclrtGetSocName();
    return name != nullptr ? std::string(name) : std::string();
}

/// aclrtGetDeviceCount().
[[nodiscard]] inline std::uint32_t device_count(std::error_code &ec) noexcept {
    std::uint32_t count = 0;
    detail::assign(ec, aclrtGetDeviceCount(&count));
    return count;
}
ACLPP_THROWING [[nodiscard]] inline std::uint32_t device_count() {
    ACLPP_NEEDS_EXCEPTIONS("acl::device_count(ec)");
    std::uint32_t count = 0;
    detail::check(aclrtGetDeviceCount(&count), "aclrtGetDeviceCount");
    return count;
}

/// Selects the emulated SoC and device count for the next first-level init (aclppSetPlatform):
/// an empty `soc` keeps the current one, `devices` 0 keeps the current count.
inline void set_platform(std::string_view soc, std::uint32_t devices, std::error_code &ec) noexcept {
    char name[128] = {};
    if (soc.size() >= sizeof name) {
        ec = make_error_code(Errc::invalid_param);
        return;
    }
    soc.copy(name, soc.size());
    detail::assign(ec, aclppSetPlatform(soc.empty() ? nullptr : name, devices));
}
ACLPP_THROWING inline void set_platform(std::string_view soc, std::uint32_t devices = 0) {
    ACLPP_NEEDS_EXCEPTIONS("acl::set_platform(soc, devices, ec)");
    std::error_code ec;
    set_platform(soc, devices, ec);
    if (ec) detail::raise(ec.value(), "aclppSetPlatform", "soc \"" + std::string(soc) + "\"");
}

/// One row of the emulated product table.
struct SocInfo {
    std::string soc;         ///< "Ascend910B1"
    std::string family;      ///< "Atlas A2"
    std::string short_name;  ///< "910b"
    std::uint32_t ai_core_count = 0;
    std::uint32_t vector_core_count = 0;
};

/// Every emulated SoC (aclppSocCount / aclppGetSocInfo).
[[nodiscard]] inline std::vector<SocInfo> known_socs() {
    std::vector<SocInfo> out;
    const std::size_t count = aclppSocCount();
    for (std::size_t i = 0; i < count; ++i) {
        aclppSocInfo info{};
        if (aclppGetSocInfo(i, &info) != ACL_SUCCESS) continue;
        out.push_back(SocInfo{info.soc != nullptr ? info.soc : "", info.family != nullptr ? info.family : "",
                              info.shortName != nullptr ? info.shortName : "", info.aiCoreCount, info.vectorCoreCount});
    }
    return out;
}

/// The raw config bytes the live runtime was initialised with (aclppGetConfigBytes).
[[nodiscard]] inline std::string config_bytes(std::error_code &ec) {
    std::string out;
    detail::assign(ec, detail::copy_out(aclppGetConfigBytes, out));
    return out;
}
ACLPP_THROWING [[nodiscard]] inline std::string config_bytes() {
    ACLPP_NEEDS_EXCEPTIONS("acl::config_bytes(ec)");
    std::string out;
    const aclError rc = detail::copy_out(aclppGetConfigBytes, out);
    if (rc != ACL_SUCCESS) detail::raise(rc, "aclppGetConfigBytes");
    return out;
}

}  // namespace v1
}  // namespace acl
