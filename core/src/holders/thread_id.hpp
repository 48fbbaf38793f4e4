// The calling thread's kernel id, cached: gettid() is a system call, and a holder takes it on
// every join (C-7). A fork child's thread gets a new id, so the child handler forgets the cache.
#pragma once

#include <unistd.h>

#include <cstdint>

namespace aclpp::core {

inline constinit thread_local uint64_t tCachedThreadId = 0;

[[nodiscard]] inline uint64_t currentThreadId() noexcept {
    if (tCachedThreadId == 0) [[unlikely]]
        tCachedThreadId = static_cast<uint64_t>(gettid());
    return tCachedThreadId;
}

/// In a fork child (the forking thread, the only one there).
inline void forgetThreadIdInChild() noexcept {
    tCachedThreadId = 0;
}

}  // namespace aclpp::core
