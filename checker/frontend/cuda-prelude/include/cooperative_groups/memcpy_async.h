/* mapcheck: cooperative_groups/memcpy_async.h: a group's asynchronous copy
 * and its waits.  The copy reads and writes at some time between its issue
 * and the wait that completes it, which mapcheck does not follow: a kernel
 * that issues one is `unknown` (`__mapcheck_async_copy()`), never checked
 * as if the copy were done at once.  The waits order nothing. */
#ifndef __MAPCHECK_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define __MAPCHECK_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#include <cooperative_groups.h>

__device__ void __mapcheck_async_copy(void);

namespace cooperative_groups {
template <class Group, class T>
__device__ void memcpy_async(const Group &, T *, const T *, unsigned long) {
  __mapcheck_async_copy();
}
template <class Group>
__device__ void memcpy_async(const Group &, void *, const void *, unsigned long) {
  __mapcheck_async_copy();
}
template <class Group> __device__ void wait(const Group &) {}
template <unsigned int N, class Group> __device__ void wait_prior(const Group &) {}
}  // namespace cooperative_groups

#endif
