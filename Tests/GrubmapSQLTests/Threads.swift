import Foundation
import Synchronization
import Testing

/// Runs `body` on `count` threads of its own (not Dispatch's, which may run fewer at once on a small machine)
/// and returns once every one has finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}

/// Failures collected from several threads.
final class Failures: Sendable {
    private let messages = Mutex<[String]>([])

    func add(_ message: String) {
        messages.withLock { $0.append(message) }
    }

    var all: [String] { messages.withLock { $0 } }
}

/// Polls `condition` until it holds, for 30 s at most, then requires it: for a state another thread reaches (a write
/// queued, a backend waiting on a lock). The outcome of a test does not depend on the time it took.
func waitUntil(_ condition: () throws -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while try !condition() && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
    try #require(try condition())
}
