import Foundation

/// Runs `body` with the path of a database file in a fresh temporary folder, removed afterwards.
func withTemporaryPath<T>(_ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("grubmap-store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder.appendingPathComponent("test.sqlite").path)
}

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
