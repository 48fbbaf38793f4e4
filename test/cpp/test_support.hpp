// Shared helpers of the C++ layer tests: a fresh runtime per test case and recorders for the
// layer's replaceable handlers.
#pragma once

#include <acl/all.hpp>

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "runtime_fixture.hpp"

namespace aclpp_test {

inline aclppLifecycleState state() {
    aclppLifecycleState s{};
    REQUIRE(aclppGetLifecycleState(&s) == ACL_SUCCESS);
    return s;
}
/// Gives back a reference the test took with a plain aclInit or kept with release():
/// aclFinalizeReference, or aclFinalize where a CANN 8.x toolkit has no count (B-6).
inline aclError give_back_reference(std::uint64_t *left = nullptr) {
#if defined(ACLPP_TEST_TOOLKIT_8X)
    if (left != nullptr) *left = 0;
    return aclFinalize();
#else
    return aclFinalizeReference(left);
#endif
}

inline std::uint64_t ref_count() {
    return state().refCount;
}

/// A check of what only the emulated runtime tells (aclppDevicesInUse, aclppRegisteredCallbackCount,
/// the "already finalised" flag): over the vendor runtime it is not made (B-3).
#define CHECK_WHERE_KNOWN(...)                                  \
    do {                                                        \
        if (aclpp::test::emulatedRuntime()) CHECK(__VA_ARGS__); \
    } while (false)

/// Records what the finalize-error handler receives while alive.
struct FinalizeErrorRecorder {
    struct Entry {
        aclError code;
        std::string function;
        std::string handle;
        std::string text;
    };
    static inline std::mutex mutex;
    static inline std::vector<Entry> entries;

    static void handler(const acl::FinalizeError &e) noexcept {
        std::lock_guard lock(mutex);
        entries.push_back(Entry{e.code, std::string(e.function), std::string(e.handle), std::string(e.recent_message)});
    }

    FinalizeErrorRecorder() {
        entries.clear();
        previous_ = acl::set_finalize_error_handler(&handler);
    }
    ~FinalizeErrorRecorder() { acl::set_finalize_error_handler(previous_); }
    FinalizeErrorRecorder(const FinalizeErrorRecorder &) = delete;
    FinalizeErrorRecorder &operator=(const FinalizeErrorRecorder &) = delete;

    [[nodiscard]] std::size_t count() const {
        std::lock_guard lock(mutex);
        return entries.size();
    }

private:
    acl::FinalizeErrorHandler previous_ = nullptr;
};

/// The effective JSON value at a settings pointer ("/err_msg_mode" -> settings["/err_msg_mode"].value).
inline const acl::JsonValue *setting(const acl::JsonValue &effective, std::string_view pointer) {
    const acl::JsonValue *settings = effective.find("settings");
    if (settings == nullptr) return nullptr;
    const acl::JsonValue *entry = settings->find(pointer);
    return entry != nullptr ? entry->find("value") : nullptr;
}

}  // namespace aclpp_test
