#ifndef WRAPMODEL_MALLOC_STATISTICS_H
#define WRAPMODEL_MALLOC_STATISTICS_H

#include <stddef.h>

/// Bytes allocated with malloc and not yet freed, or -1 where the C library gives no such figure.
/// (glibc's mallinfo2 is declared in <malloc.h>, which Swift's Glibc module does not import.)
long long wrapmodel_allocated_bytes(void);

#endif
