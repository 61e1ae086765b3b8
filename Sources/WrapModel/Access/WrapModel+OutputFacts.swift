extension WrapModel {
    /// False while no property of this model holds a written value, so lossless output and
    /// `hasMutations` need not ask each property. Set by every write (under the tree's write
    /// lock) and by copying written values into a new model (before it is shared); cleared by
    /// ``clearMutations()`` and by replacing the data (under the write lock). Readers hold the
    /// read lock or read an immutable model; the byte is atomic because outputs of an immutable
    /// model run on any thread. Clearing one property leaves it set: it says "may", and only its
    /// false is trusted.
    var mayHoldWrites: Bool { slots.facts & OutputFacts.mayHoldWrites != 0 }

    /// Records that a property now holds a written value (see ``mayHoldWrites``).
    func noteWrite() {
        slots.setFacts(OutputFacts.mayHoldWrites)
    }

    /// Records that no property holds a written value any more; the write lock is held.
    func forgetWrites() {
        slots.clearFacts(OutputFacts.mayHoldWrites)
    }

    /// Whether the JSON object the model wraps has distinct, unescaped ASCII keys (see
    /// `JSONTapeView.hasDistinctPlainKeys`), found once per data: lossless output of a model
    /// posted back more than once then copies its members without checking their keys again.
    /// Nil for a dictionary. Any thread finds the same answer for the same data.
    var storageKeysArePlain: Bool? {
        guard let node = storage.jsonObject else { return nil }
        let known = slots.facts
        if known & (OutputFacts.keysPlain | OutputFacts.keysNotPlain) != 0 { return known & OutputFacts.keysPlain != 0 }
        let plain = node.document.withView { $0.hasDistinctPlainKeys(node.index) }
        slots.setFacts(plain ? OutputFacts.keysPlain : OutputFacts.keysNotPlain)
        return plain
    }

    /// Forgets what ``storageKeysArePlain`` found, for new data; the write lock is held.
    func forgetStorageFacts() {
        slots.clearFacts(OutputFacts.keysPlain | OutputFacts.keysNotPlain)
    }
}
