#ifndef WRAPMODEL_JSON_INDEX_MODULE_H
#define WRAPMODEL_JSON_INDEX_MODULE_H

// The module's umbrella header: the C helpers under the JSON tape builder.
// - ByteScan.h: sixteen-byte scans (SSE2, NEON, or a byte loop) for the tape builder;
// - StreamScan.h: block masks for the streaming framer (not used by the tape builder);
// - SlotLoad.h: the acquiring load of a model's cache slot that inlined property getters make
//   (used by the model library, not the JSON engine).

#include "ByteScan.h"
#include "StreamScan.h"
#include "SlotLoad.h"

#endif
