// Helpers for the exit executables. They run while the process is going away (static and
// thread_local destructors, atexit and at_quick_exit handlers), so they use no C++ stream, no
// stdio buffer that quick_exit would drop, and no object with a destructor: write(2) only.
//
// Markers go to stdout ("OK <what>"); check_clean_exit.py asserts that the ones a test names
// were printed, so a destructor or handler that never ran is a failure, not a silent pass.
// Any failure goes to stderr and ends the process with status 1 at once.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "acl/acl.h"
#include "acl/aclpp_ext.h"

namespace aclpp::exit_test {

inline void writeAll(int fd, const char *text) {
    size_t left = std::strlen(text);
    while (left > 0) {
        const ssize_t n = ::write(fd, text, left);
        if (n <= 0) return;
        text += n;
        left -= static_cast<size_t>(n);
    }
}

/// Prints "OK <what>\n" to stdout, unbuffered.
inline void say(const char *what) {
    char line[256];
    std::snprintf(line, sizeof line, "OK %s\n", what);
    writeAll(STDOUT_FILENO, line);
}

/// Reports a failure on stderr and ends the process with status 1 (no further exit handlers).
[[noreturn]] inline void die(const char *what, long long value = 0) {
    char line[512];
    std::snprintf(line, sizeof line, "FAIL %s (%lld)\n", what, value);
    writeAll(STDERR_FILENO, line);
    ::_exit(1);
}

inline void expect(bool condition, const char *what, long long value = 0) {
    if (!condition) die(what, value);
}

inline aclppLifecycleState lifecycleState() {
    aclppLifecycleState state{};
    expect(aclppGetLifecycleState(&state) == ACL_SUCCESS, "aclppGetLifecycleState");
    return state;
}

/// The runtime is at count 0 and not initialised.
inline void expectReleased(const char *where) {
    const aclppLifecycleState state = lifecycleState();
    if (state.refCount != 0 || state.initialized != 0 || state.transitionInProgress != 0) {
        die(where, static_cast<long long>(state.refCount));
    }
}

/// A finalize callback that prints its marker (userData: the marker text).
inline aclError sayOnFinalize(void *userData) {
    say(static_cast<const char *>(userData));
    return ACL_SUCCESS;
}

}  // namespace aclpp::exit_test
