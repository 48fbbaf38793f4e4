#include "errors/recent_message.hpp"

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <new>
#include <vector>

#include "util/never_destroyed.hpp"

namespace aclpp::core {
namespace {

// The unread messages of one thread (mode 0) or of the process (mode 1), oldest first. Only the
// latest ones are kept (L-11): past kMaxPendingBytes the oldest are dropped and counted, so a
// program that never reads the text does not grow without bound. Constructing one allocates
// nothing (a std::deque would), so the stores can be created in noexcept code.
class PendingMessages {
public:
    void add(std::string_view text) {
        // The dropped messages stay in the vector until they are half of it: erasing them one at a
        // time would move every kept message each time.
        if (first_ > 0 && first_ * 2 >= messages_.size()) {
            messages_.erase(messages_.begin(), messages_.begin() + static_cast<std::ptrdiff_t>(first_));
            first_ = 0;
        }
        messages_.emplace_back(text);
        bytes_ += text.size();
        while (bytes_ > kMaxPendingBytes && messages_.size() - first_ > 1) {
            bytes_ -= messages_[first_].size();
            std::string().swap(messages_[first_]);  // its memory goes now
            ++first_;
            ++dropped_;
        }
    }
    /// Appends the messages, one a line, to `out` and forgets them.
    void takeInto(std::string &out) {
        if (messages_.size() == first_) return;
        try {
            if (dropped_ > 0) {
                // Appended piece by piece: GCC 12 at -O3 reports a false -Wrestrict for "[" + string
                // (PR 105329).
                std::string line = "[";
                line += std::to_string(dropped_);
                line += " earlier messages were dropped: only the latest ";
                line += std::to_string(kMaxPendingBytes / 1024);
                line += " KiB of unread text are kept]";
                appendLine(out, line);
            }
            for (std::size_t i = first_; i < messages_.size(); ++i) appendLine(out, messages_[i]);
        } catch (const std::bad_alloc &) {
            // Out of memory for the joined text: what fit is returned, the rest is dropped.
        }
        clear();
    }
    void clear() noexcept {
        messages_.clear();
        first_ = 0;
        bytes_ = 0;
        dropped_ = 0;
    }

private:
    static void appendLine(std::string &out, std::string_view line) {
        if (!out.empty()) out += '\n';
        out += line;
    }

    std::vector<std::string> messages_;  // the kept ones from first_ on
    std::size_t first_ = 0;
    std::size_t bytes_ = 0;
    uint64_t dropped_ = 0;
};

struct ThreadMessages {
    PendingMessages pending;
    std::string returned;  // what the last aclGetRecentErrMsg returned on this thread
};

// Per-thread storage lives behind a pthread key, not a C++ thread_local with a destructor:
// - glibc runs key destructors after every thread_local destructor, so a thread_local object's
//   destructor can still call aclGetRecentErrMsg safely;
// - registering a thread_local destructor allocates, and glibc aborts the process when that
//   allocation fails; a failed allocation here only loses the message.
// The key is created when the library is loaded and deleted when it is unloaded: dlclose
// leaks no key (each load would take one of the 1024), and no thread that exits after the
// unload calls a destructor that was unmapped with the library (a deleted key's destructor is
// never called; the messages of threads alive at the unload are left behind, bounded by
// kMaxPendingBytes each). Without a key (creation failed, or unloaded) every thread's messages
// go to the process store, tagged with their thread as in mode 1.
struct ProcessMessages {
    std::mutex mutex;
    PendingMessages pending;  // mode 1, or no key: lines from every thread
    std::atomic<uint8_t> mode{static_cast<uint8_t>(ErrMsgMode::thread)};
    std::atomic<bool> hasKey{false};
    pthread_key_t key{};
};

ProcessMessages &process() noexcept {
    static NeverDestroyed<ProcessMessages> instance;
    return instance.get();
}

void destroyThreadMessages(void *pointer) {
    delete static_cast<ThreadMessages *>(pointer);
}

[[gnu::constructor]] void createThreadKey() {
    ProcessMessages &p = process();
    if (pthread_key_create(&p.key, destroyThreadMessages) == 0) p.hasKey.store(true);
}

[[gnu::destructor]] void deleteThreadKey() {
    ProcessMessages &p = process();
    if (p.hasKey.exchange(false)) pthread_key_delete(p.key);
}

/// This thread's storage; NULL without a key or without memory.
ThreadMessages *threadMessages() noexcept {
    ProcessMessages &p = process();
    if (!p.hasKey.load(std::memory_order_acquire)) return nullptr;
    auto *messages = static_cast<ThreadMessages *>(pthread_getspecific(p.key));
    if (messages == nullptr) {
        messages = new (std::nothrow) ThreadMessages;
        if (messages != nullptr && pthread_setspecific(p.key, messages) != 0) {
            delete messages;
            messages = nullptr;
        }
    }
    return messages;
}

}  // namespace

void recordError(std::string_view text) noexcept {
    ProcessMessages &p = process();
    try {
        ThreadMessages *messages = nullptr;
        if (static_cast<ErrMsgMode>(p.mode.load(std::memory_order_relaxed)) == ErrMsgMode::thread) {
            messages = threadMessages();
        }
        if (messages != nullptr) {
            messages->pending.add(text);
            return;
        }
        std::string line = "[THREAD:" + std::to_string(static_cast<long>(::syscall(SYS_gettid))) + "] ";
        line += text;
        std::lock_guard lock(p.mutex);
        p.pending.add(line);
    } catch (...) {
        // Out of memory while recording a message: the code still reaches the caller.
    }
}

const char *takeRecentError() noexcept {
    ProcessMessages &p = process();
    ThreadMessages *messages = threadMessages();
    if (messages == nullptr) return nullptr;
    messages->returned.clear();
    messages->pending.takeInto(messages->returned);
    {
        std::lock_guard lock(p.mutex);
        p.pending.takeInto(messages->returned);
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
