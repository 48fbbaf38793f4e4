// Target 1: joining and leaving a runtime that is already initialised (aclInit -> 100002, then
// aclFinalizeReference), against a bare atomic counter and against the reference's design (a
// counter guarded by a std::recursive_mutex), on one thread and on two threads at once.
#include <acl/acl.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>

#include <benchmark/benchmark.h>

#include <acl/scoped_init.hpp>

namespace {

// Each baseline counter on its own cache line, away from anything else the threads touch.
struct alignas(64) AtomicCounter {
    std::atomic<uint64_t> value{1};
};
AtomicCounter gAtomic;

struct alignas(64) MutexCounter {
    std::recursive_mutex mutex;
    uint64_t count = 1;
};
MutexCounter gMutex;

// Baseline: the cheapest possible shared reference count.
void BM_Baseline_AtomicFetchAddSub(benchmark::State &state) {
    for (auto _ : state) {
        gAtomic.value.fetch_add(1);
        gAtomic.value.fetch_sub(1);
    }
}

// Baseline: the reference's design (lock, ++count, unlock; lock, --count, unlock).
void BM_Baseline_RecursiveMutexCounter(benchmark::State &state) {
    for (auto _ : state) {
        gMutex.mutex.lock();
        ++gMutex.count;
        gMutex.mutex.unlock();
        gMutex.mutex.lock();
        --gMutex.count;
        gMutex.mutex.unlock();
    }
    benchmark::DoNotOptimize(gMutex.count);
}

// The raw C ABI: join (100002) and leave (ACL_SUCCESS while others hold the runtime).
void BM_Acl_JoinLeave_CApi(benchmark::State &state) {
    bool ok = true;
    for (auto _ : state) {
        const aclError joined = aclInit(nullptr);
        const aclError left = aclFinalizeReference(nullptr);
        ok &= joined == ACL_ERROR_REPEAT_INITIALIZE && left == ACL_SUCCESS;
    }
    if (!ok) state.SkipWithError("aclInit did not return 100002 or aclFinalizeReference failed");
}

// Baseline: one uncontended std::mutex lock/unlock pair, what the holder registry adds (C-7).
struct alignas(64) PlainMutex {
    std::mutex mutex;
};
PlainMutex gPlainMutex;

void BM_Baseline_MutexLockUnlock(benchmark::State &state) {
    for (auto _ : state) {
        gPlainMutex.mutex.lock();
        gPlainMutex.mutex.unlock();
    }
}

// Baseline of the holder registry's target (C-7): the bare C ABI join+leave and one mutex pair.
void BM_Baseline_CApiJoinLeavePlusMutex(benchmark::State &state) {
    bool ok = true;
    for (auto _ : state) {
        const aclError joined = aclInit(nullptr);
        gPlainMutex.mutex.lock();
        gPlainMutex.mutex.unlock();
        const aclError left = aclFinalizeReference(nullptr);
        ok &= joined == ACL_ERROR_REPEAT_INITIALIZE && left == ACL_SUCCESS;
    }
    if (!ok) state.SkipWithError("aclInit did not return 100002 or aclFinalizeReference failed");
}

// A named holder (C-7): the name is copied into the registry entry.
void BM_Acl_JoinLeave_ScopedInitNamed(benchmark::State &state) {
    for (auto _ : state) {
        acl::ScopedInit init{acl::HolderOptions{.name = "bench"}};
        benchmark::DoNotOptimize(&init);
    }
}

// The C++ layer: one acl::ScopedInit constructed and destroyed (C-1: 100002 means joined), a
// holder with an entry in the registry (C-7).
void BM_Acl_JoinLeave_ScopedInit(benchmark::State &state) {
    for (auto _ : state) {
        acl::ScopedInit init;
        benchmark::DoNotOptimize(&init);
    }
}

void registerAll() {
    for (const int threads : {1, 2}) {
        benchmark::RegisterBenchmark("BM_Baseline_AtomicFetchAddSub", BM_Baseline_AtomicFetchAddSub)
            ->Threads(threads)
            ->UseRealTime();
        benchmark::RegisterBenchmark("BM_Baseline_RecursiveMutexCounter", BM_Baseline_RecursiveMutexCounter)
            ->Threads(threads)
            ->UseRealTime();
        benchmark::RegisterBenchmark("BM_Acl_JoinLeave_CApi", BM_Acl_JoinLeave_CApi)->Threads(threads)->UseRealTime();
        benchmark::RegisterBenchmark("BM_Acl_JoinLeave_ScopedInit", BM_Acl_JoinLeave_ScopedInit)
            ->Threads(threads)
            ->UseRealTime();
        benchmark::RegisterBenchmark("BM_Acl_JoinLeave_ScopedInitNamed", BM_Acl_JoinLeave_ScopedInitNamed)
            ->Threads(threads)
            ->UseRealTime();
        benchmark::RegisterBenchmark("BM_Baseline_MutexLockUnlock", BM_Baseline_MutexLockUnlock)
            ->Threads(threads)
            ->UseRealTime();
        benchmark::RegisterBenchmark("BM_Baseline_CApiJoinLeavePlusMutex", BM_Baseline_CApiJoinLeavePlusMutex)
            ->Threads(threads)
            ->UseRealTime();
    }
}

}  // namespace

int main(int argc, char **argv) {
    // The runtime every benchmark joins: count 1 for the whole run.
    if (const aclError code = aclInit(nullptr); code != ACL_SUCCESS) {
        std::fprintf(stderr, "aclInit(NULL) failed with %d\n", code);
        return 1;
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    registerAll();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return aclFinalize() == ACL_SUCCESS ? 0 : 1;
}
