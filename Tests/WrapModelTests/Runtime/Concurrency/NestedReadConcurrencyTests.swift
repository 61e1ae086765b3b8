import Dispatch
import Foundation
import Synchronization
import Testing
@testable import WrapModel

// Darwin's rwlock keeps new readers out while a writer waits; glibc's default lets them in. A
// thread that reads a model tree again while it already holds the tree's read lock (a nested
// `reading(_:)`, a `didReadData()` that reads, a first read of a submodel under its parent's read)
// must not ask the lock again, or under Darwin's rule it waits for a writer that waits for it.
// These tests run the lock under that rule on Linux: glibc's writer-preferring kind.

/// A submodel whose `didReadData()` reads one of its own properties (the way a user's override
/// derives a value), and, the first time `pause` holds a writer, lets that writer queue first.
final class NestedReadLeaf: WrapModel, @unchecked Sendable {
    @MutProperty("n") var n: Int
    /// What `didReadData()` read.
    private(set) var seen = -1

    /// A writer to let queue on the lock before the read in the next `didReadData()`, once.
    static let pause = Mutex<QueuedWriter?>(nil)

    override func didReadData() {
        if let writer = Self.pause.withLock({ writer in defer { writer = nil }; return writer }) {
            writer.readerHolds()
        }
        seen = n
    }
}

/// A group (read from its parent's level) whose `didReadData()` reads.
final class NestedReadGroup: WrapModel, @unchecked Sendable {
    @MutProperty("total") var total: Int
    private(set) var seen = -1
    override func didReadData() { seen = total }
}

final class NestedReadRoot: WrapModel, @unchecked Sendable {
    @MutProperty("value") var value: Int
    @Property("child") var child: NestedReadLeaf?
    @Property("items") var items: [NestedReadLeaf]
    @GroupProperty() var group: NestedReadGroup
}

/// A writer that asks for `lock` from a thread of its own once a reader holding the lock calls
/// ``readerHolds()``, which returns when the writer has had time to queue.
final class QueuedWriter: Sendable {
    private let readerIn = DispatchSemaphore(value: 0)
    private let writerStarting = DispatchSemaphore(value: 0)
    private let wrote = DispatchSemaphore(value: 0)

    init(_ lock: WrapModelLock, write: @escaping @Sendable () -> Void = {}) {
        Thread { [readerIn, writerStarting, wrote] in
            readerIn.wait()
            writerStarting.signal()
            lock.writing(write)
            wrote.signal()
        }.start()
    }

    /// Called by the reader with the lock held: returns once the writer is (almost surely) waiting.
    func readerHolds() {
        readerIn.signal()
        writerStarting.wait()
        usleep(50_000)
    }

    /// Whether the writer got the lock within `seconds`.
    func wrote(within seconds: Double) -> Bool { wrote.wait(timeout: .now() + seconds) == .success }
}

@Suite("Concurrency: nested reads while writers wait (writer-preferring lock)", .serialized)
struct NestedReadConcurrencyTests {
    /// How long a step may take before the test calls it a deadlock.
    static let deadline = 10.0

    /// Runs `body` on a thread of its own and waits at most `seconds` for it. False when it did not
    /// finish: the thread is left blocked and the test fails instead of hanging the suite.
    static func finishes(within seconds: Double = deadline, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + seconds) == .success
    }

    static let json = #"{"value": 0, "total": 5, "child": {"n": 7}, "items": [{"n": 1}, {"n": 2}, {"n": 3}]}"#

    /// A mutable tree whose lock prefers writers, as Darwin's does.
    static func tree() throws -> NestedReadRoot {
        let root = try NestedReadRoot(parsing: json, mutable: true)
        root.lock = WrapModelLock.preferringWriters()
        return root
    }

    @Test("a nested reading(_:) runs while a writer waits for the outer one, and the writer follows")
    func nestedAPI() {
        let lock = WrapModelLock.preferringWriters()
        let order = Mutex<[String]>([])
        let writer = QueuedWriter(lock) { order.withLock { $0.append("write") } }
        let finished = Self.finishes {
            lock.reading {
                writer.readerHolds()
                lock.reading { lock.reading { order.withLock { $0.append("nested read") } } }
                order.withLock { $0.append("outer read") }
            }
        }
        #expect(finished, "the nested read deadlocked with a writer waiting")
        guard finished else { return }
        #expect(writer.wrote(within: Self.deadline))
        #expect(order.withLock { $0 } == ["nested read", "outer read", "write"])
    }

    @Test("reading(_:) of another lock inside a read still takes that lock, then the first is still held")
    func otherLockInside() {
        let first = WrapModelLock.preferringWriters()
        let second = WrapModelLock.preferringWriters()
        let order = Mutex<[String]>([])
        let writer = QueuedWriter(first) { order.withLock { $0.append("write first") } }
        let finished = Self.finishes {
            first.reading {
                second.reading {
                    writer.readerHolds()
                    first.reading { order.withLock { $0.append("read first inside second") } }
                }
                order.withLock { $0.append("outer read") }
            }
        }
        #expect(finished, "the nested read deadlocked with a writer waiting")
        guard finished else { return }
        #expect(writer.wrote(within: Self.deadline))
        #expect(order.withLock { $0 } == ["read first inside second", "outer read", "write first"])
    }

    @Test("a submodel's didReadData that reads, run by the first read under its parent's read lock, while a writer waits")
    func didReadDataReads() throws {
        let root = try Self.tree()
        let writer = QueuedWriter(root.lock) { root.value = 1 }
        NestedReadLeaf.pause.withLock { $0 = writer }
        defer { NestedReadLeaf.pause.withLock { $0 = nil } }
        let seen = Mutex(-1)
        let finished = Self.finishes {
            let child = root.child
            seen.withLock { $0 = child?.seen ?? -2 }
        }
        #expect(finished, "the read deadlocked with a writer waiting")
        guard finished else { return }   // the tree's lock is stuck: reading it would hang the test
        #expect(seen.withLock { $0 } == 7)
        #expect(writer.wrote(within: Self.deadline))
        #expect(root.value == 1)
    }

    @Test("after a body throws out of nested reads, the thread holds no read lock; a new read takes the lock and keeps writers out")
    func throwingBody() throws {
        struct Failure: Error {}
        let lock = WrapModelLock()
        #expect(throws: Failure.self) { try lock.reading { try lock.reading { throw Failure() } } }
        // The thread's record of held read locks is empty again.
        #expect(HeldReadLocks.cell(HeldReadLocks.key).pointee == nil)
        let written = Mutex(false)
        let writerDone = DispatchSemaphore(value: 0)
        let writtenDuringRead: Bool = lock.reading {
            Thread {
                lock.writing { written.withLock { $0 = true } }
                writerDone.signal()
            }.start()
            usleep(50_000)
            return written.withLock { $0 }
        }
        #expect(writtenDuringRead == false)
        #expect(writerDone.wait(timeout: .now() + Self.deadline) == .success)
        #expect(written.withLock { $0 })
    }

    @Test("first reads of submodels, model arrays and groups, output and validation, while writers write")
    func firstReadsWhileWriting() throws {
        let rounds = TestScale.pick(reduced: 60, full: 400)
        let failures = Mutex<[String]>([])
        let finished = Self.finishes(within: 60) {
            for round in 0..<rounds {
                guard let root = try? Self.tree() else {
                    failures.withLock { $0.append("round \(round): the tree did not parse") }
                    return
                }
                let stop = StopFlag()
                let writers = DispatchGroup()
                for _ in 0..<2 {
                    DispatchQueue.global().async(group: writers) {
                        var value = 0
                        while !stop.isSet {
                            value += 1
                            root.value = value
                        }
                    }
                }
                DispatchQueue.concurrentPerform(iterations: 2) { reader in
                    var found: [Int] = []
                    let direct = (round + reader) % 2 == 0
                    if !direct {
                        // Output and validation read the tree's first values under its read lock.
                        found.append(root.validate().count)
                        found.append((try? root.jsonData()).map { $0.isEmpty ? -3 : 0 } ?? -4)
                    }
                    found.append(root.child?.seen ?? -2)
                    found += root.items.map(\.seen)
                    found.append(root.group.seen)
                    let expected = direct ? [7, 1, 2, 3, 5] : [0, 0, 7, 1, 2, 3, 5]
                    if found != expected { failures.withLock { $0.append("round \(round), reader \(reader): \(found)") } }
                }
                stop.set()
                writers.wait()
            }
        }
        #expect(finished, "a first read deadlocked with writers waiting")
        #expect(failures.withLock { $0 } == [])
    }
}

extension WrapModelLock {
    /// A lock that keeps new readers out while a writer waits. Darwin's rwlock always does; glibc's
    /// does when asked (a test-only initialiser). Musl's lets readers in, as glibc's default does.
    static func preferringWriters() -> WrapModelLock {
        #if canImport(Glibc)
        return WrapModelLock(preferringWriters: true)
        #else
        return WrapModelLock()
        #endif
    }
}

/// Tells writer threads to stop.
final class StopFlag: Sendable {
    private let stopped = Atomic<Bool>(false)
    var isSet: Bool { stopped.load(ordering: .relaxed) }
    func set() { stopped.store(true, ordering: .relaxed) }
}
