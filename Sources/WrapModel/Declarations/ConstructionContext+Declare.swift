// The declaration entry points, one per argument count: a parameter pack would do, but its
// elements are iterated through run-time metadata even when the caller is specialised, and these
// run once per declared property per model.

extension ConstructionContext {
    /// Takes the next position for a declaration whose initialiser got the arguments (the first
    /// names the initialiser: a wrapper or property class, or a tag), and returns it.
    ///
    /// The descriptor expected at the position is used when the arguments match its fingerprint;
    /// otherwise `make` builds one from the same arguments, given their fingerprint. `handle` is
    /// the classic property object making the declaration, which the model binds when it claims
    /// the position.
    @inlinable @inline(__always)
    func declare<A0>(_ a0: A0, handle: WrapPropertyBase?,
                        make: (DeclarationFingerprint) -> PropertyDescriptor) -> Int32 {
        let position = depth
        if position == capacity { grow() }
        let handleReference = handle.map { Unmanaged.passUnretained($0) }
        if let expected = expected[position], expected._withUnsafeGuaranteedRef({ $0.partCount >= 1 && $0.parts[0].matches(a0) }) {
            entries[position] = Entry(descriptor: expected, owned: false, matchedParts: 1, handle: handleReference)
        } else {
            var fingerprint = DeclarationFingerprint()
        fingerprint.append(a0)
            record(fingerprint, at: position, handle: handleReference, make: make)
        }
        depth = position &+ 1
        return Int32(truncatingIfNeeded: position)
    }

    @inlinable @inline(__always)
    func declare<A0, A1>(_ a0: A0, _ a1: A1, handle: WrapPropertyBase?,
                        make: (DeclarationFingerprint) -> PropertyDescriptor) -> Int32 {
        let position = depth
        if position == capacity { grow() }
        let handleReference = handle.map { Unmanaged.passUnretained($0) }
        if let expected = expected[position], expected._withUnsafeGuaranteedRef({ $0.partCount >= 2 && $0.parts[0].matches(a0) && $0.parts[1].matches(a1) }) {
            entries[position] = Entry(descriptor: expected, owned: false, matchedParts: 2, handle: handleReference)
        } else {
            var fingerprint = DeclarationFingerprint()
        fingerprint.append(a0)
        fingerprint.append(a1)
            record(fingerprint, at: position, handle: handleReference, make: make)
        }
        depth = position &+ 1
        return Int32(truncatingIfNeeded: position)
    }

    @inlinable @inline(__always)
    func declare<A0, A1, A2>(_ a0: A0, _ a1: A1, _ a2: A2, handle: WrapPropertyBase?,
                        make: (DeclarationFingerprint) -> PropertyDescriptor) -> Int32 {
        let position = depth
        if position == capacity { grow() }
        let handleReference = handle.map { Unmanaged.passUnretained($0) }
        if let expected = expected[position], expected._withUnsafeGuaranteedRef({ $0.partCount >= 3 && $0.parts[0].matches(a0) && $0.parts[1].matches(a1) && $0.parts[2].matches(a2) }) {
            entries[position] = Entry(descriptor: expected, owned: false, matchedParts: 3, handle: handleReference)
        } else {
            var fingerprint = DeclarationFingerprint()
        fingerprint.append(a0)
        fingerprint.append(a1)
        fingerprint.append(a2)
            record(fingerprint, at: position, handle: handleReference, make: make)
        }
        depth = position &+ 1
        return Int32(truncatingIfNeeded: position)
    }

    @inlinable @inline(__always)
    func declare<A0, A1, A2, A3>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, handle: WrapPropertyBase?,
                        make: (DeclarationFingerprint) -> PropertyDescriptor) -> Int32 {
        let position = depth
        if position == capacity { grow() }
        let handleReference = handle.map { Unmanaged.passUnretained($0) }
        if let expected = expected[position], expected._withUnsafeGuaranteedRef({ $0.partCount >= 4 && $0.parts[0].matches(a0) && $0.parts[1].matches(a1) && $0.parts[2].matches(a2) && $0.parts[3].matches(a3) }) {
            entries[position] = Entry(descriptor: expected, owned: false, matchedParts: 4, handle: handleReference)
        } else {
            var fingerprint = DeclarationFingerprint()
        fingerprint.append(a0)
        fingerprint.append(a1)
        fingerprint.append(a2)
        fingerprint.append(a3)
            record(fingerprint, at: position, handle: handleReference, make: make)
        }
        depth = position &+ 1
        return Int32(truncatingIfNeeded: position)
    }

    @inlinable @inline(__always)
    func declare<A0, A1, A2, A3, A4>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, handle: WrapPropertyBase?,
                        make: (DeclarationFingerprint) -> PropertyDescriptor) -> Int32 {
        let position = depth
        if position == capacity { grow() }
        let handleReference = handle.map { Unmanaged.passUnretained($0) }
        if let expected = expected[position], expected._withUnsafeGuaranteedRef({ $0.partCount >= 5 && $0.parts[0].matches(a0) && $0.parts[1].matches(a1) && $0.parts[2].matches(a2) && $0.parts[3].matches(a3) && $0.parts[4].matches(a4) }) {
            entries[position] = Entry(descriptor: expected, owned: false, matchedParts: 5, handle: handleReference)
        } else {
            var fingerprint = DeclarationFingerprint()
        fingerprint.append(a0)
        fingerprint.append(a1)
        fingerprint.append(a2)
        fingerprint.append(a3)
        fingerprint.append(a4)
            record(fingerprint, at: position, handle: handleReference, make: make)
        }
        depth = position &+ 1
        return Int32(truncatingIfNeeded: position)
    }

    @inlinable @inline(__always)
    func declare<A0, A1, A2, A3, A4, A5>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, handle: WrapPropertyBase?,
                        make: (DeclarationFingerprint) -> PropertyDescriptor) -> Int32 {
        let position = depth
        if position == capacity { grow() }
        let handleReference = handle.map { Unmanaged.passUnretained($0) }
        if let expected = expected[position], expected._withUnsafeGuaranteedRef({ $0.partCount >= 6 && $0.parts[0].matches(a0) && $0.parts[1].matches(a1) && $0.parts[2].matches(a2) && $0.parts[3].matches(a3) && $0.parts[4].matches(a4) && $0.parts[5].matches(a5) }) {
            entries[position] = Entry(descriptor: expected, owned: false, matchedParts: 6, handle: handleReference)
        } else {
            var fingerprint = DeclarationFingerprint()
        fingerprint.append(a0)
        fingerprint.append(a1)
        fingerprint.append(a2)
        fingerprint.append(a3)
        fingerprint.append(a4)
        fingerprint.append(a5)
            record(fingerprint, at: position, handle: handleReference, make: make)
        }
        depth = position &+ 1
        return Int32(truncatingIfNeeded: position)
    }

    @inlinable @inline(__always)
    func declare<A0, A1, A2, A3, A4, A5, A6>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6, handle: WrapPropertyBase?,
                        make: (DeclarationFingerprint) -> PropertyDescriptor) -> Int32 {
        let position = depth
        if position == capacity { grow() }
        let handleReference = handle.map { Unmanaged.passUnretained($0) }
        if let expected = expected[position], expected._withUnsafeGuaranteedRef({ $0.partCount >= 7 && $0.parts[0].matches(a0) && $0.parts[1].matches(a1) && $0.parts[2].matches(a2) && $0.parts[3].matches(a3) && $0.parts[4].matches(a4) && $0.parts[5].matches(a5) && $0.parts[6].matches(a6) }) {
            entries[position] = Entry(descriptor: expected, owned: false, matchedParts: 7, handle: handleReference)
        } else {
            var fingerprint = DeclarationFingerprint()
        fingerprint.append(a0)
        fingerprint.append(a1)
        fingerprint.append(a2)
        fingerprint.append(a3)
        fingerprint.append(a4)
        fingerprint.append(a5)
        fingerprint.append(a6)
            record(fingerprint, at: position, handle: handleReference, make: make)
        }
        depth = position &+ 1
        return Int32(truncatingIfNeeded: position)
    }

    @inlinable @inline(__always)
    func declare<A0, A1, A2, A3, A4, A5, A6, A7>(_ a0: A0, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6, _ a7: A7, handle: WrapPropertyBase?,
                        make: (DeclarationFingerprint) -> PropertyDescriptor) -> Int32 {
        let position = depth
        if position == capacity { grow() }
        let handleReference = handle.map { Unmanaged.passUnretained($0) }
        if let expected = expected[position], expected._withUnsafeGuaranteedRef({ $0.partCount >= 8 && $0.parts[0].matches(a0) && $0.parts[1].matches(a1) && $0.parts[2].matches(a2) && $0.parts[3].matches(a3) && $0.parts[4].matches(a4) && $0.parts[5].matches(a5) && $0.parts[6].matches(a6) && $0.parts[7].matches(a7) }) {
            entries[position] = Entry(descriptor: expected, owned: false, matchedParts: 8, handle: handleReference)
        } else {
            var fingerprint = DeclarationFingerprint()
        fingerprint.append(a0)
        fingerprint.append(a1)
        fingerprint.append(a2)
        fingerprint.append(a3)
        fingerprint.append(a4)
        fingerprint.append(a5)
        fingerprint.append(a6)
        fingerprint.append(a7)
            record(fingerprint, at: position, handle: handleReference, make: make)
        }
        depth = position &+ 1
        return Int32(truncatingIfNeeded: position)
    }
}
