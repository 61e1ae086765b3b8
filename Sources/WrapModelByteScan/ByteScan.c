// The scans are static inline functions in include/ByteScan.h; this file gives the target a
// translation unit to compile.
#include "ByteScan.h"
