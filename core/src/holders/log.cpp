// The log hook (C-7). The handler and its userData are replaced and read together under one
// lock, so a warning on another thread calls a handler with its own userData, never a mix of two
// settings; the handler itself runs outside the lock. The fork handlers hold the lock across
// fork(), so a child never inherits it taken.
#include "holders/log.hpp"

#include <unistd.h>

#include <mutex>
#include <new>
#include <string>

#include "acl/aclpp_ext.h"

namespace aclpp::core {
namespace {

struct LogSetting {
    aclppLogHandler handler = nullptr;  // nullptr: stderr
    void *userData = nullptr;
};

constinit std::mutex gSettingLock;
constinit LogSetting gSetting;

LogSetting currentSetting() noexcept {
    const std::lock_guard lock(gSettingLock);
    return gSetting;
}

void writeAll(int fd, std::string_view text) noexcept {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n <= 0) return;  // a closed or full stderr loses the warning, nothing else
        text.remove_prefix(static_cast<size_t>(n));
    }
}

}  // namespace

void lockLogForFork() noexcept {
    gSettingLock.lock();
}

void unlockLogAfterFork() noexcept {
    gSettingLock.unlock();
}

void logWarning(std::string_view message) noexcept {
    if (const LogSetting setting = currentSetting(); setting.handler != nullptr) {
        try {
            const std::string line(message);  // NUL terminated for the C handler
            setting.handler(line.c_str(), setting.userData);
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
    const std::lock_guard lock(aclpp::core::gSettingLock);
    aclpp::core::gSetting = aclpp::core::LogSetting{handler, handler != nullptr ? userData : nullptr};
}

void aclppLog(const char *message) {
    aclpp::core::logWarning(message != nullptr ? std::string_view(message) : std::string_view());
}

}  // extern "C"
