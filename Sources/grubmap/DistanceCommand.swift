import Foundation
import GrubmapCore

/// `grubmap distance`: geodesic distances on the WGS-84 ellipsoid, for two points or for every line of stdin.
enum DistanceCommand {
    static let definition = CommandDefinition(
        words: ["distance"], summary: "Geodesic distances between points, for two points or lines on stdin",
        usage: """
            Usage: grubmap distance LAT,LON LAT,LON
                   grubmap distance < POINTS

            Prints the geodesic distance between two points on the WGS-84 ellipsoid in metres, to the
            millimetre (like 1234.567), computed by Karney's method as GeographicLib computes it.

            With no points, reads lines of "LAT1 LON1 LAT2 LON2" (degrees; separated by spaces, tabs or
            commas) from standard input and prints one distance per line, in order, as it reads: input of
            any length streams through in a fixed amount of memory. A line that is not four valid numbers
            stops the run with a message naming its line number on stderr and exit status 2; the distances
            of the lines before it have already been printed.
            """,
        options: [])

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let options = try definition.read(arguments) else { return 0 }
        switch options.positional.count {
        case 0:
            var stream = DistanceStream()
            try stream.run()
            return 0
        case 2:
            let from = try point(options.positional[0], name: "the first point")
            let to = try point(options.positional[1], name: "the second point")
            var output: [UInt8] = []
            appendMeters(Geodesic.wgs84.inverse(from: from, to: to).distanceMeters, to: &output)
            output.append(UInt8(ascii: "\n"))
            try writeAll(output, to: STDOUT_FILENO)
            return 0
        default:
            throw UsageError(
                "grubmap distance: expected two points (LAT,LON LAT,LON), or none to read lines from standard input; "
                    + "got \(options.positional.count == 1 ? "one argument" : "\(options.positional.count) arguments")")
        }
    }

    private static func point(_ text: String, name: String) throws(UsageError) -> Coordinate {
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw UsageError("grubmap distance: \(name): \(error.description)")
        }
    }
}

/// Appends metres rounded to the millimetre, like `1234.567`, without going through `String(format:)`.
func appendMeters(_ meters: Double, to output: inout [UInt8]) {
    let millimeters = UInt64((meters * 1000).rounded())
    let whole = millimeters / 1000
    let fraction = millimeters % 1000
    appendDecimal(whole, to: &output)
    output.append(UInt8(ascii: "."))
    output.append(UInt8(ascii: "0") + UInt8(fraction / 100))
    output.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
    output.append(UInt8(ascii: "0") + UInt8(fraction % 10))
}

private func appendDecimal(_ value: UInt64, to output: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &output) }
    output.append(UInt8(ascii: "0") + UInt8(value % 10))
}

/// Writes every byte to a file descriptor, retrying short writes and interruptions.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
    try bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            offset += written
        }
    }
}

/// Reads `LAT1 LON1 LAT2 LON2` lines from stdin in 64 KiB chunks and writes a distance per line in 64 KiB chunks.
///
/// Memory stays bounded whatever the input's length: a chunk, one partial line (at most ``maximumLineLength``
/// bytes) and the output buffer.
struct DistanceStream {
    /// Longer lines are refused rather than buffered.
    static let maximumLineLength = 4096
    private static let chunkSize = 1 << 16

    private var output: [UInt8] = []
    private var partial: [UInt8] = []
    private var lineNumber = 0
    private var field = [CChar](repeating: 0, count: 80)

    init() {
        output.reserveCapacity(Self.chunkSize + 64)
    }

    mutating func run() throws {
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if count == 0 { break }
            try chunk.withUnsafeBufferPointer { bytes in try consume(UnsafeBufferPointer(rebasing: bytes[..<count])) }
        }
        if !partial.isEmpty {
            let last = partial
            partial = []
            try last.withUnsafeBufferPointer { try line($0) }
        }
        try flush()
    }

    private mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var start = 0
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if partial.isEmpty {
                try line(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
            } else {
                partial.append(contentsOf: bytes[start..<newline])
                let whole = partial
                partial.removeAll(keepingCapacity: true)
                try whole.withUnsafeBufferPointer { try line($0) }
            }
            start = newline + 1
        }
        partial.append(contentsOf: bytes[start...])
        if partial.count > Self.maximumLineLength {
            try fail(lineNumber + 1, "the line is longer than \(Self.maximumLineLength) bytes")
        }
    }

    /// Handles one line (without its `\n`).
    private mutating func line(_ text: UnsafeBufferPointer<UInt8>) throws {
        lineNumber += 1
        var end = text.count
        if end > 0 && text[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end <= Self.maximumLineLength else {
            try fail(lineNumber, "the line is longer than \(Self.maximumLineLength) bytes")
        }
        var numbers = (0.0, 0.0, 0.0, 0.0)
        var count = 0
        var index = 0
        while index < end {
            let byte = text[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            var fieldEnd = index
            while fieldEnd < end, text[fieldEnd] != UInt8(ascii: " "), text[fieldEnd] != UInt8(ascii: "\t"),
                text[fieldEnd] != UInt8(ascii: ",")
            {
                fieldEnd += 1
            }
            count += 1
            if count <= 4 {
                let value = try number(UnsafeBufferPointer(rebasing: text[index..<fieldEnd]))
                switch count {
                case 1: numbers.0 = value
                case 2: numbers.1 = value
                case 3: numbers.2 = value
                default: numbers.3 = value
                }
            }
            index = fieldEnd
        }
        guard count == 4 else {
            try fail(
                lineNumber,
                "expected 4 numbers (LAT1 LON1 LAT2 LON2), got " + (count == 0 ? "an empty line" : "\(count)"))
        }
        let from: Coordinate
        let to: Coordinate
        do {
            from = try Coordinate(latitude: numbers.0, longitude: numbers.1)
            to = try Coordinate(latitude: numbers.2, longitude: numbers.3)
        } catch {
            try fail(lineNumber, error.description)
        }
        appendMeters(Geodesic.wgs84.inverse(from: from, to: to).distanceMeters, to: &output)
        output.append(UInt8(ascii: "\n"))
        if output.count >= Self.chunkSize { try flush() }
    }

    /// One field as a number, by `strtod` in the C locale (so `nan` and `inf` read, and are refused later).
    private mutating func number(_ text: UnsafeBufferPointer<UInt8>) throws -> Double {
        var parsed: Double?
        if text.count < field.count {
            parsed = field.withUnsafeMutableBufferPointer { buffer -> Double? in
                for (offset, byte) in text.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
                buffer[text.count] = 0
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(buffer.baseAddress!, &end)
                return end == buffer.baseAddress! + text.count ? value : nil
            }
        }
        guard let parsed else {
            let shown = String(decoding: text.prefix(40), as: UTF8.self) + (text.count > 40 ? "…" : "")
            try fail(lineNumber, "\"\(shown)\" is not a number")
        }
        return parsed
    }

    private mutating func flush() throws {
        try writeAll(output, to: STDOUT_FILENO)
        output.removeAll(keepingCapacity: true)
    }

    /// Prints what came before, then stops with a usage error naming the line.
    private mutating func fail(_ line: Int, _ message: String) throws -> Never {
        try flush()
        throw UsageError("grubmap distance: line \(line): \(message)")
    }
}
