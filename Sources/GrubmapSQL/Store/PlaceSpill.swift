import Foundation
import GrubmapCore
import GrubmapStore

/// The places of an import on PostgreSQL, read once and kept as rows of `COPY`'s text format in a temporary file
/// of the importing process, with each place's cell on the Z-order curve (``SQLStore/zOrderCell(of:)``) in memory.
///
/// The rows can then be sent in Z-order (``forEachRowInCellOrder(_:)``) straight into `places`: the server writes
/// them as fast as it takes `psql`'s copy of the same rows, with no table staged on it, no sort of the whole rows
/// on it and no second connection reading them back while the first writes. Or they are sent in input order
/// with their positions and cells into the staging table (``forEachStagingRow(_:)``), for the checks an import
/// into an area with places needs.
///
/// The file is unlinked as soon as it is made, so it goes when the import ends or its process is killed; memory
/// holds 16 bytes a place (its row's offset and its cell) and 16 more while the rows are sent in order, and the file
/// some 150 bytes a place in the temporary directory (`TMPDIR`, else `/tmp`).
final class PlaceSpill {
    /// How many places were read.
    var count: Int { cells.count }
    /// What stopped the reading after the places before it, if anything: what the reader threw, or
    /// ``PlaceImport/Conflict/wrongArea(position:id:)``.
    private(set) var stopped: (any Error)?

    private let descriptor: Int32
    /// The directory of the file, for messages.
    private let directory: String
    /// Where each place's row begins in the file, in input order, and at the end where the last one ends.
    private var offsets: [Int] = [0]
    /// Each place's cell, in input order.
    private var cells: [Int64] = []
    /// Rows written but not yet in the file.
    private var pending: [UInt8] = []
    /// The bytes of the longest row, newline included.
    private var longestRow = 0

    private static let writeBytes = 1 << 20
    /// What the error of a text with a NUL character names (the decoder refuses such text before).
    private static let statement = "COPY places FROM STDIN"

    /// Reads every place of `area` from `next` into a new temporary file; the reading runs on a thread of its own
    /// while this one writes the rows. Progress is reported as staging, a few hundred places at a time.
    ///
    /// - Throws: only when the file cannot be made or written; what the reader throws is kept in ``stopped``.
    init(area: Area.ID, from next: () throws -> Place?, progress: (PlaceImport.Progress) -> Void) throws {
        directory = FileManager.default.temporaryDirectory.path
        var template = Array("\(directory)/grubmap-import-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError(directory: directory, code: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        guard template.withUnsafeBufferPointer({ unlink($0.baseAddress!) }) == 0 else { throw fileError() }
        pending.reserveCapacity(Self.writeBytes + 4096)
        var stopped: (any Error)?
        try withoutActuallyEscaping(next) { next in
            var reader = PlaceBatchReader(area: area, next: next)
            _ = try ReadAhead<[Place]>.run(capacity: 16, produce: { try reader.nextBatch() }) { nextBatch in
                while true {
                    let batch: [Place]?
                    do {
                        batch = try nextBatch()
                    } catch {
                        stopped = error
                        return
                    }
                    guard let batch else { return }
                    for place in batch { try append(place) }
                    progress(.staging(places: count))
                }
            }
        }
        try flush()
        self.stopped = stopped
        progress(.staging(places: count))
    }

    deinit {
        close(descriptor)
    }

    /// Why the temporary file could not be made, written or read.
    struct FileError: Error, CustomStringConvertible {
        let directory: String
        let code: Int32
        var description: String {
            "cannot use a temporary file in \(directory) for the import: \(String(cString: strerror(code)))"
        }
    }

    private func append(_ place: Place) throws {
        let start = pending.count
        for (index, value) in StoreRows.placeValues(of: place).enumerated() {
            if index > 0 { pending.append(UInt8(ascii: "\t")) }
            try CopyRows.appendText(of: value, to: &pending, sql: Self.statement)
        }
        pending.append(UInt8(ascii: "\n"))
        let length = pending.count - start
        longestRow = max(longestRow, length)
        offsets.append(offsets[offsets.count - 1] + length)
        cells.append(PostgresStore.zOrderCell(of: place.coordinate))
        if pending.count >= Self.writeBytes { try flush() }
    }

    /// Writes the rows made so far to the end of the file.
    private func flush() throws {
        var written = 0
        while written < pending.count {
            let result = pending.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                guard errno == EINTR else { throw fileError() }
                continue
            }
            written += result
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func fileError() -> FileError {
        FileError(directory: directory, code: errno)
    }

    /// Calls `body` with each row in the order of its place's cell (then input position), as `COPY places` takes
    /// it: the columns of ``StoreRows/placeColumns``, newline included. The row is valid only during the call.
    func forEachRowInCellOrder(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var order = cells.enumerated().map { Key(cell: $0.element, position: $0.offset) }
        order.sort()
        try withRowReader { read in
            for key in order { try body(try read(key.position)) }
        }
    }

    /// Calls `body` with each row in input order as the staging table `grubmap_import` takes it: its position
    /// (from 1), the place's columns, and its cell, newline included. The row is valid only during the call.
    func forEachStagingRow(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var line: [UInt8] = []
        try withRowReader { read in
            for index in cells.indices {
                let row = try read(index)
                line.removeAll(keepingCapacity: true)
                try CopyRows.appendText(of: .integer(Int64(index + 1)), to: &line, sql: Self.statement)
                line.append(UInt8(ascii: "\t"))
                line.append(contentsOf: row.dropLast())
                line.append(UInt8(ascii: "\t"))
                try CopyRows.appendText(of: .integer(cells[index]), to: &line, sql: Self.statement)
                line.append(UInt8(ascii: "\n"))
                try line.withUnsafeBytes(body)
            }
        }
    }

    /// A place's key in the write order.
    private struct Key: Comparable {
        let cell: Int64
        let position: Int

        static func < (lhs: Key, rhs: Key) -> Bool {
            lhs.cell < rhs.cell || (lhs.cell == rhs.cell && lhs.position < rhs.position)
        }
    }

    /// Lends `body` a function that reads row `index` (from 0) from the file into a buffer of the longest row's
    /// size, valid until the next read.
    private func withRowReader(_ body: ((Int) throws -> UnsafeRawBufferPointer) throws -> Void) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(longestRow, 1), alignment: 1)
        defer { buffer.deallocate() }
        try body { index in
            let start = offsets[index]
            let length = offsets[index + 1] - start
            var done = 0
            while done < length {
                let result = pread(descriptor, buffer.baseAddress! + done, length - done, off_t(start + done))
                if result < 0, errno == EINTR { continue }
                guard result > 0 else {
                    throw result == 0 ? FileError(directory: self.directory, code: EIO) : self.fileError()
                }
                done += result
            }
            return UnsafeRawBufferPointer(rebasing: buffer[0..<length])
        }
    }
}
