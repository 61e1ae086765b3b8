// The sixteen-byte scans are static inline functions in include/ByteScan.h, so callers inline
// them; this file compiles the header once on its own so a mistake in it fails here, not in Swift.
#include "ByteScan.h"
