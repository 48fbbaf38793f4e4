// The holder registry and the aclppHolder* entry points (C-7), the same source over the emulated
// and the vendor runtime: a holder takes and gives back its reference through the epoch calls
// every runtime has, and this file only adds a name to it.
//
// Cost (docs/performance.md): a join fills an entry under one uncontended mutex; a leave frees it
// with no lock (one compare-and-swap on the entry, one on the free list). The thread id is cached
// per thread, the "since" clock is the coarse one (no system call), and the trace clock is read
// only when ACLPP_TRACE is set.
#include "holders/registry.hpp"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <new>
#include <type_traits>

#include "acl/aclpp_ext.h"
#include "holders/thread_id.hpp"
#include "holders/trace.hpp"

namespace aclpp::core {
namespace {

constexpr uint32_t kChunkSize = 1024;
constexpr uint32_t kChunkCount = 1024;  // 2^20 entries at most: beyond, a holder is not listed

struct Entry {
    // The generation of the holder filling it, 0 while free. A handle names index and generation,
    // so a stale or repeated handle frees nothing.
    std::atomic<uint32_t> generation{0};
    std::atomic<uint32_t> nextFree{0};  // index + 1 of the next free entry, 0: none
    uint32_t lastGeneration = 0;        // under the mutex
    aclppHolderInfo info{};             // written under the mutex before `generation` publishes it
};
struct Chunk {
    Entry entries[kChunkSize];
};

struct Registry {
    // Held to fill an entry (the only one taking entries off the free list, so the list has no
    // ABA problem) and to list; never across a runtime call.
    std::mutex mutex;
    std::atomic<Chunk *> chunks[kChunkCount] = {};
    uint32_t made = 0;                   // entries ever made, under the mutex
    std::atomic<uint32_t> freeHead{0};   // index + 1, 0: empty
    std::atomic<uint64_t> startedBy{0};  // the epoch whose 0->1 init an aclpp holder made
};
// Trivially destroyed: holders with static storage duration leave after static destructors ran.
static_assert(std::is_trivially_destructible_v<Registry>);
constinit Registry gRegistry;

Entry *entryAt(uint32_t index) noexcept {
    Chunk *chunk = gRegistry.chunks[index / kChunkSize].load(std::memory_order_acquire);
    return chunk != nullptr ? &chunk->entries[index % kChunkSize] : nullptr;
}

void pushFree(uint32_t index) noexcept {
    Entry &entry = *entryAt(index);
    uint32_t head = gRegistry.freeHead.load(std::memory_order_relaxed);
    do {
        entry.nextFree.store(head, std::memory_order_relaxed);
    } while (!gRegistry.freeHead.compare_exchange_weak(head, index + 1, std::memory_order_release,
                                                       std::memory_order_relaxed));
}

// Under the mutex: a free entry's index, or kChunkCount * kChunkSize when none can be had.
uint32_t takeEntry() noexcept {
    uint32_t head = gRegistry.freeHead.load(std::memory_order_acquire);
    while (head != 0) {
        const uint32_t next = entryAt(head - 1)->nextFree.load(std::memory_order_relaxed);
        if (gRegistry.freeHead.compare_exchange_weak(head, next, std::memory_order_acquire)) return head - 1;
    }
    const uint32_t index = gRegistry.made;
    if (index == kChunkCount * kChunkSize) return index;
    if (index % kChunkSize == 0) {
        Chunk *chunk = new (std::nothrow) Chunk;
        if (chunk == nullptr) return kChunkCount * kChunkSize;  // out of memory: this holder is not listed
        gRegistry.chunks[index / kChunkSize].store(chunk, std::memory_order_release);
    }
    ++gRegistry.made;
    return index;
}

uint64_t coarseRealtimeNanoseconds() noexcept {
    timespec now{};
    clock_gettime(CLOCK_REALTIME_COARSE, &now);
    return static_cast<uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(now.tv_nsec);
}

aclppHolder attach(std::string_view name, uint64_t epoch, bool owner) noexcept {
    const uint64_t since = coarseRealtimeNanoseconds();
    const uint64_t thread = currentThreadId();
    std::lock_guard lock(gRegistry.mutex);
    const uint32_t index = takeEntry();
    if (index == kChunkCount * kChunkSize) return 0;
    Entry &entry = *entryAt(index);
    const uint32_t generation = entry.lastGeneration = entry.lastGeneration + 1 == 0 ? 1 : entry.lastGeneration + 1;
    aclppHolderInfo &info = entry.info;
    const size_t length = std::min(name.size(), sizeof info.name - 1);
    std::memcpy(info.name, name.data(), length);
    info.name[length] = '\0';
    info.thread = thread;
    info.sinceNanoseconds = since;
    info.epoch = epoch;
    info.owner = owner ? 1 : 0;
    entry.generation.store(generation, std::memory_order_release);
    return uint64_t{generation} << 32 | (index + 1);
}

void detach(aclppHolder holder) noexcept {
    const auto index = static_cast<uint32_t>(holder & 0xffffffffu);
    if (index == 0 || index > kChunkCount * kChunkSize) return;
    Entry *entry = entryAt(index - 1);
    if (entry == nullptr) return;
    auto generation = static_cast<uint32_t>(holder >> 32);
    if (generation == 0 || !entry->generation.compare_exchange_strong(generation, 0, std::memory_order_acq_rel))
        return;  // not this holder's entry any more
    pushFree(index - 1);
}

// The live entry a handle names, or nullptr.
const Entry *entryOf(aclppHolder holder) noexcept {
    const auto index = static_cast<uint32_t>(holder & 0xffffffffu);
    if (index == 0 || index > kChunkCount * kChunkSize) return nullptr;
    return entryAt(index - 1);
}

std::string_view nameOf(const aclppHolderRequest &request) noexcept {
    return request.name != nullptr ? std::string_view(request.name, request.nameLength) : std::string_view();
}

}  // namespace

void lockHoldersForFork() noexcept {
    gRegistry.mutex.lock();
}

void unlockHoldersAfterFork() noexcept {
    gRegistry.mutex.unlock();
}

void resetHoldersInChild() noexcept {
    forgetThreadIdInChild();
    gRegistry.freeHead.store(0);
    gRegistry.startedBy.store(0);
    for (uint32_t index = gRegistry.made; index-- > 0;) {
        entryAt(index)->generation.store(0);
        pushFree(index);
    }
}

}  // namespace aclpp::core

using namespace aclpp::core;

extern "C" {

aclError aclppHolderInit(const aclppHolderRequest *request, uint64_t *epoch, aclppHolder *holder) {
    if (request == nullptr || epoch == nullptr || holder == nullptr) return ACL_ERROR_INVALID_PARAM;
    *holder = 0;
    const std::string_view name = nameOf(*request);
    const uint64_t started = traceStart();
    const HolderCallScope scope(name);
    const aclError rc = request->fromBuffer != 0
                            ? aclppInitFromBufferWithEpoch(request->configData, request->configLength, epoch)
                            : aclppInitWithEpoch(request->configPath, epoch);
    if ((rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_INITIALIZE) && *epoch != 0) {
        if (rc == ACL_SUCCESS) gRegistry.startedBy.store(*epoch, std::memory_order_relaxed);
        *holder = attach(name, *epoch, rc == ACL_SUCCESS);
    }
    traceEvent(started, initEvent(rc), name, "aclppHolderInit", rc);
    return rc;
}

aclError aclppHolderFinalize(aclppHolder holder, uint64_t epoch, uint64_t *refCount) {
    const uint64_t started = traceStart();
    const Entry *entry = entryOf(holder);
    // The name for the trace, read before the entry can be reused; only when tracing.
    char name[sizeof(aclppHolderInfo::name)] = {};
    if (started != 0 && entry != nullptr) std::memcpy(name, entry->info.name, sizeof name);
    const HolderCallScope scope(name);
    aclError rc = aclppFinalizeReferenceOfEpoch(epoch, refCount);
    // P-5: on the compact runtime aclFinalize is the matching call. Asked only then, so the usual
    // leave costs nothing more.
    if (rc == ACL_ERROR_API_NOT_SUPPORT && aclppGetLifecycleKind() == ACLPP_LIFECYCLE_COMPACT) rc = aclFinalize();
    if (rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_FINALIZE) detach(holder);
    if (started != 0) {
        const std::string_view event = rc != ACL_SUCCESS                ? "failure"
                                       : aclppLifecycleEpoch() != epoch ? "finalize"
                                                                        : "leave";
        traceEvent(started, event, name, "aclppHolderFinalize", rc);
    }
    return rc;
}

void aclppHolderForget(aclppHolder holder) {
    detach(holder);
}

aclError aclppGetHolders(aclppHolderInfo *out, size_t capacity, size_t *count, int *startedOutside) {
    if (out == nullptr && capacity != 0) return ACL_ERROR_INVALID_PARAM;
    size_t found = 0;
    const uint64_t live = aclppLifecycleEpoch();
    {
        std::lock_guard lock(gRegistry.mutex);
        for (uint32_t index = 0; index < gRegistry.made; ++index) {
            const Entry &entry = *entryAt(index);
            if (entry.generation.load(std::memory_order_acquire) == 0 || live == 0 || entry.info.epoch != live)
                continue;
            if (found < capacity) out[found] = entry.info;
            ++found;
        }
    }
    if (count != nullptr) *count = found;
    if (startedOutside != nullptr)
        *startedOutside = live != 0 && gRegistry.startedBy.load(std::memory_order_relaxed) != live ? 1 : 0;
    return ACL_SUCCESS;
}

}  // extern "C"
