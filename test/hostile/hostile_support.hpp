// Helpers for the hostile-input tests: running a call in a forked child with a deadline (a
// call that blocks must fail the test, not hang it), peak RSS, and the live config bytes.
#pragma once

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "acl/acl.h"
#include "acl/aclpp_ext.h"

namespace aclpp::test {

/// What happened to a child: its exit status, or -signal when a signal ended it.
struct ChildOutcome {
    int status = 0;
    [[nodiscard]] bool killedByAlarm() const noexcept { return status == -SIGALRM; }
};

/// Runs `body` in a fork()ed child that SIGALRM ends after `seconds`; the child's exit status is
/// `body()`'s return value (0..255).
template <class Body>
ChildOutcome runInChild(unsigned seconds, Body &&body) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::alarm(seconds);
        std::_Exit(body());
    }
    ChildOutcome outcome;
    if (pid < 0) {
        outcome.status = -1000;
        return outcome;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
    }
    outcome.status = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    return outcome;
}

/// Peak resident set size of this process so far, in KiB (Linux ru_maxrss).
[[nodiscard]] inline long peakRssKiB() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

/// The bytes the live runtime was initialised with; "" when not initialised.
[[nodiscard]] inline std::string liveConfigBytes() {
    std::size_t required = 0;
    if (aclppGetConfigBytes(nullptr, 0, &required) != ACL_SUCCESS || required == 0) return {};
    std::string bytes(required, '\0');
    if (aclppGetConfigBytes(bytes.data(), bytes.size(), &required) != ACL_SUCCESS) return {};
    bytes.resize(required - 1);
    return bytes;
}

/// The result of validating a file (the report is freed).
[[nodiscard]] inline aclError validateFileResult(const char *path) {
    aclppReport *report = nullptr;
    const aclError code = aclppValidateFile(path, nullptr, &report);
    aclppReportFree(report);
    return code;
}

}  // namespace aclpp::test
