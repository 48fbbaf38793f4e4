/* The allocator of the malloc-failure sweep (malloc_sweep.cpp): compiled into the test program,
 * whose malloc family comes first in symbol lookup, so every allocation of libaclpp, libstdc++
 * and simdjson goes through it. Armed, it counts allocations and makes one of them fail, or
 * that one and every later one (memory that stays exhausted). Disarmed it is glibc's. */
#define _GNU_SOURCE
#include "failing_malloc.h"

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static long seen;     /* allocations since arming */
static long failAt;   /* 1-based; 0: count only */
static int failLater; /* every allocation after failAt fails too */
static int armed;

void failingMallocArm(long allocation, int andEveryLater) {
    seen = 0;
    failAt = allocation;
    failLater = andEveryLater;
    __atomic_store_n(&armed, 1, __ATOMIC_SEQ_CST);
}

long failingMallocDisarm(void) {
    __atomic_store_n(&armed, 0, __ATOMIC_SEQ_CST);
    return seen;
}

#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
/* Not in a sanitizer build, whose runtime replaces malloc itself (malloc_sweep.cpp then skips).
 * Single-threaded use only (the operations under test run on the calling thread). */
static int shouldFail(void) {
    if (!__atomic_load_n(&armed, __ATOMIC_SEQ_CST)) return 0;
    ++seen;
    if (failAt == 0) return 0;
    return seen == failAt || (failLater && seen > failAt);
}

void *malloc(size_t size) {
    if (shouldFail()) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (shouldFail()) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (shouldFail()) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    if (shouldFail()) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    return memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    void *pointer;
    if (shouldFail()) return ENOMEM;
    pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}
#endif
