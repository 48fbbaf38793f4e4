// The one kind of lock the vendor backend holds across a vendor call (F10, L-10). A std::mutex
// held by one thread when another calls fork() stays locked in the child for ever: the child has
// no such thread to unlock it. The emulated core takes its locks in a pthread_atfork handler so
// that none is held at a fork; over the vendor's runtime that cannot be done for a lock held
// across aclInit or aclFinalize (the fork would wait for the vendor's call, for ever when that
// call waits for the forking thread). So this lock names its holder, process and thread, in one
// word: a process that finds another process named there is a fork child of the holder's, where
// the holding thread does not exist, and takes the lock over. A thread of the child that still
// unwinds a hold taken before the fork releases nothing: that hold is not its own (its thread id
// changed with the fork).
//
// Recursive: an init callback may init through aclpp again on the same thread. It allocates
// nothing and never fails. A waiter polls: a hold lasts one vendor call at most.
#pragma once

#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>

namespace aclpp::vendor {

class ForkSafeLock {
public:
    constexpr ForkSafeLock() noexcept = default;
    ForkSafeLock(const ForkSafeLock &) = delete;
    ForkSafeLock &operator=(const ForkSafeLock &) = delete;

    void lock() noexcept {
        const pid_t process = getpid();
        const uint64_t self = holderWord(process, gettid());
        uint64_t seen = holder_.load(std::memory_order_acquire);
        if (seen == self) {
            ++depth_;
            return;
        }
        for (;;) {
            const bool takeable = seen == 0 || processOf(seen) != process;  // free, or a fork parent's
            if (takeable) {
                if (holder_.compare_exchange_weak(seen, self, std::memory_order_acquire, std::memory_order_acquire)) {
                    depth_ = 1;
                    return;
                }
                continue;  // `seen` is the word now
            }
            const timespec pause{0, 1'000'000};
            nanosleep(&pause, nullptr);
            seen = holder_.load(std::memory_order_acquire);
        }
    }

    void unlock() noexcept {
        if (holder_.load(std::memory_order_relaxed) != holderWord(getpid(), gettid())) return;  // see above
        if (--depth_ == 0) holder_.store(0, std::memory_order_release);
    }

private:
    static constexpr uint64_t holderWord(pid_t process, pid_t thread) noexcept {
        return static_cast<uint64_t>(static_cast<uint32_t>(process)) << 32 | static_cast<uint32_t>(thread);
    }
    static constexpr pid_t processOf(uint64_t word) noexcept { return static_cast<pid_t>(word >> 32); }

    std::atomic<uint64_t> holder_{0};  // 0: free
    uint32_t depth_ = 0;               // read and written by the holder only
};

}  // namespace aclpp::vendor
