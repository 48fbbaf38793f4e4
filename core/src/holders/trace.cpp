// ACLPP_TRACE=stderr|<file> (C-7). Read once, at the first traced call. A file is opened without
// following a symlink, appended to, created 0600 and closed on exec; one that cannot be opened is
// one warning through the log hook, and tracing stays off. Each line is one write(), so lines of
// threads and processes sharing the file do not mix.
#include "holders/trace.hpp"

#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "acl/aclpp_ext.h"
#include "holders/log.hpp"
#include "holders/thread_id.hpp"

// Defined (as 1) only in the stand-ins, the emulated core built as the vendor's libascendcl.so:
// the vendor's runtime does not read ACLPP_TRACE, and the libaclpp over it traces its own calls.
extern "C" [[gnu::weak, gnu::visibility("hidden")]] const int aclppVendorStandIn;

namespace aclpp::core {
namespace {

constexpr int kUnknown = -2;  // not read yet
constexpr int kOff = -1;
constinit std::atomic<int> gTraceFd{kUnknown};
constinit std::atomic<bool> gWarned{false};
constinit thread_local const std::string_view *tHolderName = nullptr;

void warnOnce(const std::string &message) noexcept {
    if (!gWarned.exchange(true)) logWarning(message);
}

int openTarget() noexcept {
    if (&aclppVendorStandIn != nullptr) return kOff;
    const char *target = std::getenv("ACLPP_TRACE");
    if (target == nullptr || target[0] == '\0') return kOff;
    if (std::strcmp(target, "stderr") == 0) return STDERR_FILENO;
    const int fd = ::open(target, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0600);
    if (fd < 0) {
        const int error = errno;
        try {
            warnOnce(std::string("aclpp: ACLPP_TRACE: cannot open \"") + target + "\": " + std::strerror(error) +
                     (error == ELOOP ? " (a symlink is never followed)" : "") + "; the lifecycle trace is off");
        } catch (...) {
        }
        return kOff;
    }
    return fd;
}

int traceFd() noexcept {
    int fd = gTraceFd.load(std::memory_order_acquire);
    if (fd != kUnknown) [[likely]]
        return fd;
    const int opened = openTarget();
    if (gTraceFd.compare_exchange_strong(fd, opened, std::memory_order_acq_rel)) return opened;
    if (opened > STDERR_FILENO) ::close(opened);  // another thread opened it first: its descriptor counts
    return fd;
}

uint64_t nanoseconds(clockid_t clock) noexcept {
    timespec now{};
    clock_gettime(clock, &now);
    return static_cast<uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(now.tv_nsec);
}

// A holder name in double quotes: quote, backslash and control bytes escaped.
void appendQuoted(std::string &line, std::string_view text) {
    line += '"';
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            line += '\\';
            line += c;
        } else if (byte < 0x20 || byte == 0x7f) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            line += escaped;
        } else {
            line += c;
        }
    }
    line += '"';
}

}  // namespace

uint64_t traceStart() noexcept {
    if (gTraceFd.load(std::memory_order_relaxed) == kOff) return 0;
    if (traceFd() < 0) return 0;
    return nanoseconds(CLOCK_MONOTONIC) | 1;  // never 0: 0 means "not traced"
}

void traceEvent(uint64_t started, std::string_view event, std::string_view holder, std::string_view call,
                aclError code) noexcept {
    if (started == 0) return;
    const int fd = traceFd();
    if (fd < 0) return;
    const uint64_t duration = nanoseconds(CLOCK_MONOTONIC) - (started & ~uint64_t{1});
    timespec now{};
    clock_gettime(CLOCK_REALTIME, &now);
    tm utc{};
    gmtime_r(&now.tv_sec, &utc);
    char stamp[64];
    std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%06ldZ", utc.tm_year + 1900, utc.tm_mon + 1,
                  utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, now.tv_nsec / 1000);
    try {
        std::string line = "aclpp-trace time=";
        line.append(stamp).append(" pid=").append(std::to_string(getpid()));
        line.append(" thread=").append(std::to_string(currentThreadId()));
        line.append(" event=").append(event).append(" holder=");
        appendQuoted(line, holder);
        line.append(" call=").append(call).append(" code=").append(std::to_string(code));
        line.append(" duration_ns=").append(std::to_string(duration)).append("\n");
        if (::write(fd, line.data(), line.size()) < 0 && fd != STDERR_FILENO) {
            // A file that stopped taking lines (full disk, revoked): one warning, not one per event.
            warnOnce("aclpp: ACLPP_TRACE: writing a trace line failed: " + std::string(std::strerror(errno)));
        }
    } catch (...) {
        // out of memory for the line: the event goes untraced, the call it traces is unaffected
    }
}

HolderCallScope::HolderCallScope(bool active, std::string_view name) noexcept : active_(active), name_(name) {
    if (!active_) return;
    previous_ = tHolderName;
    tHolderName = &name_;
}
HolderCallScope::~HolderCallScope() {
    if (active_) tHolderName = previous_;
}
const std::string_view *currentHolderName() noexcept {
    return tHolderName;
}

std::string_view leaveEvent(aclError code) noexcept {
    if (code != ACL_SUCCESS) return "failure";
    return aclppLifecycleEpoch() == 0 ? "finalize" : "leave";
}

}  // namespace aclpp::core
