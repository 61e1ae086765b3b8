#include "MallocStatistics.h"

#include <stdlib.h> // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <malloc.h>
#elif defined(__APPLE__)
#include <malloc/malloc.h>
#endif

long long wrapmodel_allocated_bytes(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    // Chunks in use on the heap plus chunks mapped on their own (large allocations).
    return (long long)(info.uordblks + info.hblkhd);
#elif defined(__APPLE__)
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return (long long)statistics.size_in_use;
#else
    return -1;
#endif
}
