/* The failing allocator of the malloc-failure sweep (failing_malloc.c). */
#ifndef ACLPP_TEST_FAILING_MALLOC_H
#define ACLPP_TEST_FAILING_MALLOC_H

#ifdef __cplusplus
extern "C" {
#endif

/* Counts allocations from now on; allocation number `allocation` (1-based) fails, and with
 * `andEveryLater` every one after it too. 0 only counts. */
void failingMallocArm(long allocation, int andEveryLater);
/* Stops failing; returns how many allocations were made since arming. */
long failingMallocDisarm(void);

#ifdef __cplusplus
}
#endif

#endif
