#include <stdint.h>
// The acquiring load of Sources/WrapModelJSONIndex/include/SlotLoad.h, restated so that this
// program uses no package code: `pure` tells Swift the load releases nothing.
static inline __attribute__((always_inline, pure)) uintptr_t floor_load_acquire(const void *p) {
    return __atomic_load_n((const uintptr_t *)p, __ATOMIC_ACQUIRE);
}
