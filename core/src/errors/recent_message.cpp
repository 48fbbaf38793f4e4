#include "errors/recent_message.hpp"

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <new>

namespace aclpp::core {
namespace {

// Per-thread storage lives behind a pthread key, not a C++ thread_local: glibc runs key
// destructors after every thread_local destructor, so a thread_local object's destructor can
// still call aclGetRecentErrMsg safely.
struct ThreadMessages {
    std::string pending;
    std::string returned;
};

struct ProcessMessages {
    std::mutex mutex;
    std::string pending;  // mode 1: lines from every thread
    std::atomic<uint8_t> mode{static_cast<uint8_t>(ErrMsgMode::thread)};
    pthread_key_t key{};
};

void destroyThreadMessages(void *pointer) {
    delete static_cast<ThreadMessages *>(pointer);
}

ProcessMessages &process() {
    static ProcessMessages *instance = [] {
        auto *p = new ProcessMessages;  // never destroyed
        pthread_key_create(&p->key, destroyThreadMessages);
        return p;
    }();
    return *instance;
}

ThreadMessages *threadMessages() noexcept {
    ProcessMessages &p = process();
    auto *messages = static_cast<ThreadMessages *>(pthread_getspecific(p.key));
    if (messages == nullptr) {
        messages = new (std::nothrow) ThreadMessages;
        if (messages != nullptr) pthread_setspecific(p.key, messages);
    }
    return messages;
}

}  // namespace

void recordError(std::string text) noexcept {
    ProcessMessages &p = process();
    try {
        if (static_cast<ErrMsgMode>(p.mode.load(std::memory_order_relaxed)) == ErrMsgMode::process) {
            const std::string tag = "[THREAD:" + std::to_string(static_cast<long>(::syscall(SYS_gettid))) + "] ";
            std::lock_guard lock(p.mutex);
            if (!p.pending.empty()) p.pending += '\n';
            p.pending += tag;
            p.pending += text;
            return;
        }
        if (ThreadMessages *messages = threadMessages()) {
            if (!messages->pending.empty()) messages->pending += '\n';
            messages->pending += text;
        }
    } catch (...) {
        // Out of memory while recording a message: the code still reaches the caller.
    }
}

const char *takeRecentError() noexcept {
    ProcessMessages &p = process();
    ThreadMessages *messages = threadMessages();
    if (messages == nullptr) return nullptr;
    messages->returned.clear();
    messages->returned.swap(messages->pending);
    {
        std::lock_guard lock(p.mutex);
        if (!p.pending.empty()) {
            try {
                if (!messages->returned.empty()) messages->returned += '\n';
                messages->returned += p.pending;
            } catch (...) {
            }
            p.pending.clear();
        }
    }
    return messages->returned.empty() ? nullptr : messages->returned.c_str();
}

void clearRecentErrors() noexcept {
    ProcessMessages &p = process();
    if (ThreadMessages *messages = threadMessages()) messages->pending.clear();
    std::lock_guard lock(p.mutex);
    p.pending.clear();
}

void setErrorMessageMode(ErrMsgMode mode) noexcept {
    process().mode.store(static_cast<uint8_t>(mode), std::memory_order_relaxed);
}

ErrMsgMode errorMessageMode() noexcept {
    return static_cast<ErrMsgMode>(process().mode.load());
}

void lockRecentErrorsForFork() noexcept {
    process().mutex.lock();
}
void unlockRecentErrorsAfterFork() noexcept {
    process().mutex.unlock();
}

void recordExceptionMessage(const char *what) noexcept {
    try {
        recordError(std::string("internal error: ") + what);
    } catch (...) {
    }
}

}  // namespace aclpp::core
