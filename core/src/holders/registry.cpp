// The holder registry and the aclppHolder* entry points (C-7), the same source over the emulated
// and the vendor runtime: a holder takes and gives back its reference through the epoch calls
// every runtime has, and this file only adds a name to it.
//
// Cost (docs/performance.md): a join takes an entry off a free list and a leave puts it back,
// one compare-and-swap each, no lock: as much as one uncontended mutex pair. The thread id is
// cached per thread, the "since" clock is the coarse one (no system call), and the trace clock is
// read only when ACLPP_TRACE is set. A listing reads each entry like a seqlock: the entry's
// generation before and after the copy, and an entry that changed meanwhile was a holder that
// left (it is not listed). Entries are never freed, so a stale handle or a listing never reads
// freed memory.
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
constexpr uint32_t kNoEntry = kChunkCount * kChunkSize;
constexpr size_t kNameWords = sizeof(aclppHolderInfo::name) / sizeof(uint64_t);

struct Entry {
    // The generation of the holder filling it, 0 while free. A handle names index and generation,
    // so a stale or repeated handle frees nothing.
    std::atomic<uint32_t> generation{0};
    std::atomic<uint32_t> nextFree{0};  // index + 1 of the next free entry, 0: none
    uint32_t lastGeneration = 0;        // written by the thread that took the entry off the list
    // The holder, written before `generation` publishes it. Atomic words: a listing may read them
    // while a new holder writes them (it then throws the copy away).
    std::atomic<uint64_t> name[kNameWords] = {};
    std::atomic<uint64_t> thread{0};
    std::atomic<uint64_t> since{0};
    std::atomic<uint64_t> epoch{0};
    std::atomic<int> owner{0};
};
struct Chunk {
    Entry entries[kChunkSize];
};

struct Registry {
    std::mutex growing;  // held to add a chunk, and by the fork handlers: never across a runtime call
    std::atomic<Chunk *> chunks[kChunkCount] = {};
    std::atomic<uint32_t> made{0};  // entries ever made; an index below it has its chunk
    // The free list: index + 1 of its head (0: empty) in the low half, a tag bumped by every
    // change in the high half, so that a pop never succeeds on a head that left and came back.
    std::atomic<uint64_t> freeHead{0};
    std::atomic<uint64_t> startedBy{0};  // the epoch whose 0->1 init an aclpp holder made
};
// Trivially destroyed: holders with static storage duration leave after static destructors ran.
static_assert(std::is_trivially_destructible_v<Registry>);
constinit Registry gRegistry;

// An entry below `made`: its chunk exists.
Entry &entryAt(uint32_t index) noexcept {
    return gRegistry.chunks[index / kChunkSize].load(std::memory_order_acquire)->entries[index % kChunkSize];
}

void pushFree(uint32_t index) noexcept {
    Entry &entry = entryAt(index);
    uint64_t head = gRegistry.freeHead.load(std::memory_order_relaxed);
    uint64_t next = 0;
    do {
        entry.nextFree.store(static_cast<uint32_t>(head), std::memory_order_relaxed);
        next = ((head >> 32) + 1) << 32 | (index + 1);
    } while (
        !gRegistry.freeHead.compare_exchange_weak(head, next, std::memory_order_release, std::memory_order_relaxed));
}

uint32_t popFree() noexcept {
    uint64_t head = gRegistry.freeHead.load(std::memory_order_acquire);
    while (static_cast<uint32_t>(head) != 0) {
        const uint32_t index = static_cast<uint32_t>(head) - 1;
        const uint64_t next = ((head >> 32) + 1) << 32 | entryAt(index).nextFree.load(std::memory_order_relaxed);
        if (gRegistry.freeHead.compare_exchange_weak(head, next, std::memory_order_acquire)) return index;
    }
    return kNoEntry;
}

// A new entry; kNoEntry when 2^20 are made or no memory is left.
[[gnu::noinline]] uint32_t makeEntry() noexcept {
    std::lock_guard lock(gRegistry.growing);
    const uint32_t index = gRegistry.made.load(std::memory_order_relaxed);
    if (index == kNoEntry) return kNoEntry;
    if (index % kChunkSize == 0) {
        Chunk *chunk = new (std::nothrow) Chunk;
        if (chunk == nullptr) return kNoEntry;  // this holder is not listed
        gRegistry.chunks[index / kChunkSize].store(chunk, std::memory_order_release);
    }
    gRegistry.made.store(index + 1, std::memory_order_release);
    return index;
}

uint64_t coarseRealtimeNanoseconds() noexcept {
    timespec now{};
    clock_gettime(CLOCK_REALTIME_COARSE, &now);
    return static_cast<uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(now.tv_nsec);
}

aclppHolder attach(std::string_view name, uint64_t epoch, bool owner) noexcept {
    uint32_t index = popFree();
    if (index == kNoEntry) index = makeEntry();
    if (index == kNoEntry) return 0;
    Entry &entry = entryAt(index);
    uint64_t words[kNameWords] = {};
    // An unnamed holder's view has no data pointer, which memcpy must not be given even for 0 bytes.
    if (!name.empty()) std::memcpy(words, name.data(), std::min(name.size(), sizeof words - 1));
    // Release stores (plain stores on x86): a listing whose acquire load reads one of them then
    // sees the generation cleared when this entry was given back, and throws its copy away.
    for (size_t i = 0; i < kNameWords; ++i) entry.name[i].store(words[i], std::memory_order_release);
    entry.thread.store(currentThreadId(), std::memory_order_release);
    entry.since.store(coarseRealtimeNanoseconds(), std::memory_order_release);
    entry.epoch.store(epoch, std::memory_order_release);
    entry.owner.store(owner ? 1 : 0, std::memory_order_release);
    const uint32_t generation = entry.lastGeneration + 1 == 0 ? 1 : entry.lastGeneration + 1;
    entry.lastGeneration = generation;
    entry.generation.store(generation, std::memory_order_release);
    return uint64_t{generation} << 32 | (index + 1);
}

// The entry a handle names, or nullptr for a handle no attach made.
Entry *entryOf(aclppHolder holder) noexcept {
    const auto index = static_cast<uint32_t>(holder & 0xffffffffu);
    if (index == 0 || index > gRegistry.made.load(std::memory_order_acquire)) return nullptr;
    return &entryAt(index - 1);
}

void detach(aclppHolder holder) noexcept {
    Entry *entry = entryOf(holder);
    if (entry == nullptr) return;
    uint32_t generation = static_cast<uint32_t>(holder >> 32);
    // A compare-and-swap: of two threads giving back one handle (a caller's mistake), one frees
    // the entry; a stale handle (its entry given back, maybe taken again) finds another
    // generation and frees nothing. Either way the free list stays whole.
    if (generation == 0 ||
        !entry->generation.compare_exchange_strong(generation, 0, std::memory_order_release, std::memory_order_relaxed))
        return;
    pushFree(static_cast<uint32_t>(holder & 0xffffffffu) - 1);
}

// A copy of a live entry of runtime `live`; false when it is free, of another runtime, or
// changed while it was read.
bool readEntry(const Entry &entry, uint64_t live, aclppHolderInfo &out) noexcept {
    const uint32_t before = entry.generation.load(std::memory_order_acquire);
    if (before == 0) return false;
    uint64_t words[kNameWords];
    for (size_t i = 0; i < kNameWords; ++i) words[i] = entry.name[i].load(std::memory_order_acquire);
    // Acquire loads, not a fence (ThreadSanitizer does not model fences): the generation's second
    // read cannot move before them.
    out.thread = entry.thread.load(std::memory_order_acquire);
    out.sinceNanoseconds = entry.since.load(std::memory_order_acquire);
    out.epoch = entry.epoch.load(std::memory_order_acquire);
    out.owner = entry.owner.load(std::memory_order_acquire);
    if (entry.generation.load(std::memory_order_relaxed) != before || out.epoch != live) return false;
    std::memcpy(out.name, words, sizeof out.name);
    out.name[sizeof out.name - 1] = '\0';
    return true;
}

std::string_view nameOf(const aclppHolderRequest &request) noexcept {
    return request.name != nullptr ? std::string_view(request.name, request.nameLength) : std::string_view();
}

aclError initHolder(const aclppHolderRequest &request, uint64_t *epoch, aclppHolder *holder) noexcept {
    const aclError rc = request.fromBuffer != 0
                            ? aclppInitFromBufferWithEpoch(request.configData, request.configLength, epoch)
                            : aclppInitWithEpoch(request.configPath, epoch);
    if ((rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_INITIALIZE) && *epoch != 0) {
        if (rc == ACL_SUCCESS) gRegistry.startedBy.store(*epoch, std::memory_order_relaxed);
        *holder = attach(nameOf(request), *epoch, rc == ACL_SUCCESS);
    }
    return rc;
}

aclError finalizeHolder(aclppHolder holder, uint64_t epoch, uint64_t *refCount) noexcept {
    aclError rc = aclppFinalizeReferenceOfEpoch(epoch, refCount);
    // P-5: on the compact runtime aclFinalize is the matching call. Asked only then, so the usual
    // leave costs nothing more.
    if (rc == ACL_ERROR_API_NOT_SUPPORT && aclppGetLifecycleKind() == ACLPP_LIFECYCLE_COMPACT) rc = aclFinalize();
    if (rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_FINALIZE) detach(holder);
    return rc;
}

// The traced twins, out of line: untraced, a join or leave pays for none of this.
[[gnu::noinline]] aclError initHolderTraced(const aclppHolderRequest &request, uint64_t *epoch, aclppHolder *holder,
                                            uint64_t started) noexcept {
    const std::string_view name = nameOf(request);
    const HolderCallScope scope(true, name);
    const aclError rc = initHolder(request, epoch, holder);
    traceEvent(started, initEvent(rc), name, "aclppHolderInit", rc);
    return rc;
}

[[gnu::noinline]] aclError finalizeHolderTraced(aclppHolder holder, uint64_t epoch, uint64_t *refCount,
                                                uint64_t started) noexcept {
    // The name, read before the entry can be reused.
    char name[sizeof(aclppHolderInfo::name)] = {};
    if (const Entry *entry = entryOf(holder)) {
        uint64_t words[kNameWords];
        for (size_t i = 0; i < kNameWords; ++i) words[i] = entry->name[i].load(std::memory_order_relaxed);
        std::memcpy(name, words, sizeof name - 1);
    }
    const HolderCallScope scope(true, name);
    const aclError rc = finalizeHolder(holder, epoch, refCount);
    const std::string_view event = rc != ACL_SUCCESS                ? "failure"
                                   : aclppLifecycleEpoch() != epoch ? "finalize"
                                                                    : "leave";
    traceEvent(started, event, name, "aclppHolderFinalize", rc);
    return rc;
}

}  // namespace

void lockHoldersForFork() noexcept {
    gRegistry.growing.lock();
}

void unlockHoldersAfterFork() noexcept {
    gRegistry.growing.unlock();
}

void resetHoldersInChild() noexcept {
    forgetThreadIdInChild();
    gRegistry.freeHead.store(0);
    gRegistry.startedBy.store(0);
    for (uint32_t index = gRegistry.made.load(); index-- > 0;) {
        entryAt(index).generation.store(0);
        pushFree(index);
    }
}

}  // namespace aclpp::core

using namespace aclpp::core;

extern "C" {

aclError aclppHolderInit(const aclppHolderRequest *request, uint64_t *epoch, aclppHolder *holder) {
    if (request == nullptr || epoch == nullptr || holder == nullptr) return ACL_ERROR_INVALID_PARAM;
    *holder = 0;
    if (const uint64_t started = traceStart(); started != 0) [[unlikely]]
        return initHolderTraced(*request, epoch, holder, started);
    return initHolder(*request, epoch, holder);
}

aclError aclppHolderFinalize(aclppHolder holder, uint64_t epoch, uint64_t *refCount) {
    if (const uint64_t started = traceStart(); started != 0) [[unlikely]]
        return finalizeHolderTraced(holder, epoch, refCount, started);
    return finalizeHolder(holder, epoch, refCount);
}

void aclppHolderForget(aclppHolder holder) {
    detach(holder);
}

aclError aclppGetHolders(aclppHolderInfo *out, size_t capacity, size_t *count, int *startedOutside) {
    if (out == nullptr && capacity != 0) return ACL_ERROR_INVALID_PARAM;
    size_t found = 0;
    const uint64_t live = aclppLifecycleEpoch();
    const uint32_t made = gRegistry.made.load(std::memory_order_acquire);
    for (uint32_t index = 0; live != 0 && index < made; ++index) {
        aclppHolderInfo info{};
        if (!readEntry(entryAt(index), live, info)) continue;
        if (found < capacity) out[found] = info;
        ++found;
    }
    if (count != nullptr) *count = found;
    if (startedOutside != nullptr)
        *startedOutside = live != 0 && gRegistry.startedBy.load(std::memory_order_relaxed) != live ? 1 : 0;
    return ACL_SUCCESS;
}

}  // extern "C"
