#ifndef WRAPMODEL_SLOT_LOAD_H
#define WRAPMODEL_SLOT_LOAD_H

#include <stdint.h>

// The word of a model's cache slot, loaded with acquire ordering: what a property getter inlined
// into the caller's code reads on a cached read.
//
// Why C: Swift's optimiser treats an atomic load written in Swift (`Atomic.load`) as an
// instruction that may release any object. A getter inlined into a loop over an array of models
// then retains the model before the load and releases it after, on every read: a reference count
// that two threads reading the same models both write. This function is declared `pure` (it
// writes no memory and has no other effect; its result depends on its argument and memory), which
// Swift imports as a function that releases nothing, so the retain can go where the model is
// really needed (the out-of-line call on a miss). Inlined, it is the same one instruction as
// Swift's acquiring load (a plain `mov` on x86-64, `ldar` on arm64), and ThreadSanitizer sees
// an atomic load.
//
// `pure` also lets the compiler reuse the result of an identical earlier call when no memory was
// written between the two: two reads of the same slot with nothing in between may see one value,
// as they may when no other thread wrote in between.
static inline __attribute__((always_inline, pure)) uintptr_t wrapmodel_slot_load_acquire(const void *slot) {
    return __atomic_load_n((const uintptr_t *)slot, __ATOMIC_ACQUIRE);
}

#endif
