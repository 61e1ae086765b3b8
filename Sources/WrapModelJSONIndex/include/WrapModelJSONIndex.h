#ifndef WRAPMODEL_JSON_INDEX_MODULE_H
#define WRAPMODEL_JSON_INDEX_MODULE_H

// The module's umbrella header: the C helpers under the JSON tape builder.
// - ByteScan.h: sixteen-byte scans (SSE2, NEON, or a byte loop) for the tape builder.

#include "ByteScan.h"

#endif
