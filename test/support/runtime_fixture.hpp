// Helpers shared by the tests: a fresh runtime per test case, temporary directories and files,
// and reading the effective configuration.
#pragma once

#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "acl/acl.h"
#include "acl/aclpp_ext.h"
#include "catch.hpp"

namespace aclpp::test {

[[nodiscard]] inline aclppLifecycleState lifecycleState() {
    aclppLifecycleState state{};
    aclppGetLifecycleState(&state);
    return state;
}

/// The same tests run on both runtimes (B-2). True on aclpp's emulated runtime; false over the
/// vendor runtime (B-3), where the testing reset, fault injection and the platform choice answer
/// 200001 and a case tagged [emulated] does not run (test/support/run_each_case.py).
[[nodiscard]] inline bool emulatedRuntime() {
    return std::string_view(aclppRuntimeName()) == "emulated";
}

/// Every test case starts from a fresh-process state: count 0, no identity, no callbacks, no
/// faults, no recent error (tests in one executable share the process). Over the vendor runtime
/// nothing can reset it: each case runs in a process of its own, so the fixture requires that no
/// runtime is live. What a case leaves behind depends on `leaks`:
///  - clean_up (white-box tests of the core, which may leave a runtime up): finalised and reset;
///  - fail_the_test (tests of the C++ layer, whose handles must give back everything): a
///    leftover reference makes the next case stop at once, a reference or device count left at
///    the end fails the leaking case itself.
class FreshRuntime {
public:
    enum Leaks { clean_up, fail_the_test };

    explicit FreshRuntime(Leaks leaks = clean_up) : leaks_(leaks) {
        if (leaks_ == clean_up) {
            reset();
            return;
        }
        REQUIRE(lifecycleState().refCount == 0);
        if (emulatedRuntime()) {
            REQUIRE(aclppTestingReset(ACLPP_RESET_ALL) == ACL_SUCCESS);
        } else {
            REQUIRE(aclppLifecycleEpoch() == 0);
        }
        (void)aclGetRecentErrMsg();  // one get clears it; a drain loop could spin on a runtime that never answers NULL
    }
    ~FreshRuntime() {
        if (leaks_ == clean_up) {
            reset();
            return;
        }
        aclppTestingClearFaults();
        CHECK(lifecycleState().refCount == 0);
        if (emulatedRuntime()) CHECK(aclppDevicesInUse() == 0);
    }
    FreshRuntime(const FreshRuntime &) = delete;
    FreshRuntime &operator=(const FreshRuntime &) = delete;

private:
    static void reset() {
        aclppTestingClearFaults();
        // One aclFinalize tears down the full runtime; the compact one (P-1) needs one per init.
        for (aclppLifecycleState state{}; aclppGetLifecycleState(&state) == ACL_SUCCESS && state.refCount > 0;) {
            if (aclFinalize() != ACL_SUCCESS) break;
        }
        (void)aclppTestingReset(ACLPP_RESET_ALL);
        while (aclGetRecentErrMsg() != nullptr) {
        }
    }

    Leaks leaks_;
};

/// A directory under /tmp removed (recursively) at scope exit.
class TempDir {
public:
    TempDir() {
        char pattern[] = "/tmp/aclpp-test-XXXXXX";
        const char *made = ::mkdtemp(pattern);
        path_ = made != nullptr ? made : "/tmp";
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;

    [[nodiscard]] const std::string &path() const noexcept { return path_; }
    [[nodiscard]] std::string file(std::string_view name) const { return path_ + "/" + std::string(name); }

    /// Writes `content` (binary) to `name` and returns the full path.
    std::string write(std::string_view name, std::string_view content) const {
        const std::string full = file(name);
        std::ofstream out(full, std::ios::binary);
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        return full;
    }

private:
    std::string path_;
};

/// The recent error text of this thread (get and clear), "" when there is none.
[[nodiscard]] inline std::string recentError() {
    const char *text = aclGetRecentErrMsg();
    return text != nullptr ? std::string(text) : std::string();
}

[[nodiscard]] inline std::string effectiveConfig() {
    std::size_t required = 0;
    if (aclppGetEffectiveConfig(nullptr, 0, &required) != ACL_SUCCESS) return {};
    std::string text(required, '\0');
    aclppGetEffectiveConfig(text.data(), text.size(), &required);
    text.resize(required - 1);
    return text;
}

}  // namespace aclpp::test
