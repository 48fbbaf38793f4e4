// Helpers shared by the white-box tests: a clean runtime per test, temporary directories and
// files, and reading the effective configuration.
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

namespace aclpp::test {

/// Finalizes whatever an earlier test left and resets to a fresh-process state, before and
/// after the test (tests in one executable share the process).
struct FreshRuntime {
    FreshRuntime() { reset(); }
    ~FreshRuntime() { reset(); }
    FreshRuntime(const FreshRuntime &) = delete;
    FreshRuntime &operator=(const FreshRuntime &) = delete;

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
};

[[nodiscard]] inline aclppLifecycleState lifecycleState() {
    aclppLifecycleState state{};
    aclppGetLifecycleState(&state);
    return state;
}

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
