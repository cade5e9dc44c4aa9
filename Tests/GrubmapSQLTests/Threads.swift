import Foundation
import Synchronization

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
