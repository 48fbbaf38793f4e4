// The log hook (C-7). The handler and its userData are replaced together: each setting is a
// pair of its own, published by one atomic pointer and never freed, so a warning on another
// thread always calls a handler with its own userData, never a mix of two settings.
#include "holders/log.hpp"

#include <unistd.h>

#include <atomic>
#include <new>
#include <string>

#include "acl/aclpp_ext.h"

namespace aclpp::core {
namespace {

struct LogSetting {
    aclppLogHandler handler;
    void *userData;
};

constinit std::atomic<const LogSetting *> gSetting{nullptr};  // nullptr: stderr

void writeAll(int fd, std::string_view text) noexcept {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n <= 0) return;  // a closed or full stderr loses the warning, nothing else
        text.remove_prefix(static_cast<size_t>(n));
    }
}

}  // namespace

void logWarning(std::string_view message) noexcept {
    if (const LogSetting *setting = gSetting.load(std::memory_order_acquire)) {
        try {
            const std::string line(message);  // NUL terminated for the C handler
            setting->handler(line.c_str(), setting->userData);
            return;
        } catch (const std::bad_alloc &) {
            // out of memory for the copy: stderr below still gets it
        }
    }
    // One write for the line and its newline where it fits, so lines of two threads do not mix.
    char line[1024];
    if (message.size() < sizeof line) {
        message.copy(line, message.size());
        line[message.size()] = '\n';
        writeAll(STDERR_FILENO, std::string_view(line, message.size() + 1));
        return;
    }
    writeAll(STDERR_FILENO, message);
    writeAll(STDERR_FILENO, "\n");
}

}  // namespace aclpp::core

extern "C" {

void aclppSetLogHandler(aclppLogHandler handler, void *userData) {
    const aclpp::core::LogSetting *setting = nullptr;
    if (handler != nullptr) {
        setting = new (std::nothrow) aclpp::core::LogSetting{handler, userData};
        if (setting == nullptr) return;  // out of memory: the previous setting stays
    }
    aclpp::core::gSetting.store(setting, std::memory_order_release);  // the old one is never freed (see above)
}

void aclppLog(const char *message) {
    aclpp::core::logWarning(message != nullptr ? std::string_view(message) : std::string_view());
}

}  // extern "C"
