#ifndef WRAPMODEL_JSON_INDEX_MODULE_H
#define WRAPMODEL_JSON_INDEX_MODULE_H

// The module's umbrella header: the C helpers under the JSON tape builder.
// - ByteScan.h: sixteen-byte scans for the byte-at-a-time parser;
// - StructuralIndex.h: the fast path's first pass, which lists where tokens start;
// - IndexedTape.h: the fast path's second pass, which writes the tape from those positions;
// - StreamScan.h: block masks for the streaming framer (not used by the tape builder).

#include "ByteScan.h"
#include "StructuralIndex.h"
#include "IndexedTape.h"
#include "StreamScan.h"

#endif
