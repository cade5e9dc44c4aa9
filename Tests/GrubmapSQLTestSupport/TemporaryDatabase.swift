import Foundation

/// Runs `body` with the path of a database file in a fresh temporary folder, removed afterwards.
public func withTemporaryPath<T>(_ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("grubmap-store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder.appendingPathComponent("test.sqlite").path)
}
