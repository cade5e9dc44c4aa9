import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of an OpenStreetMap extract on their way from a file or a pipe to `XMLParser`, checked before the
/// parser sees them: valid UTF-8 (RFC 3629: no overlong forms, surrogates or code points past U+10FFFF), no XML
/// declaration of another encoding, and the markup rules every importer's XML is held to
/// (``XMLPreflight/MarkupScanner``: no DOCTYPE or entity declaration, so no entity is ever expanded, no processing
/// instruction, bounded attributes and depth), checked as the bytes stream past rather than on a whole document an
/// extract may be too large to hold. The first problem stops the stream: the parser gets an early end, and
/// ``problem`` says what and where.
///
/// A byte is handed on only once the character it belongs to is complete and checked; an incomplete sequence at
/// the end of a read waits for the next. Used by one parse on one thread.
final class CheckedXMLStream: InputStream {
    /// What stopped the stream, with its line.
    struct Problem: Error, Hashable {
        let line: Int
        let message: String
    }

    private let descriptor: Int32
    private(set) var problem: Problem?
    /// Bytes handed to the parser so far.
    private(set) var bytesHanded: Int64 = 0
    /// Whether the end of the input was reached without a problem.
    private(set) var reachedEnd = false
    /// Called with ``bytesHanded`` about every 256 KiB.
    var onProgress: ((Int64) -> Void)?

    /// Checked bytes not yet handed on.
    private var ready: [UInt8] = []
    private var readyOffset = 0
    /// Bytes read but not yet checked: the start of a character that continues in the next read.
    private var unchecked: [UInt8] = []
    private var lines = 1
    private var isFirstRead = true
    private var nextProgress: Int64 = 256 * 1024
    private var stopped = false
    private var markup = XMLPreflight.MarkupScanner(limits: XMLPreflight())

    /// Reads `descriptor` (left open: the caller closes it).
    init(descriptor: Int32) {
        self.descriptor = descriptor
        super.init(data: Data())
    }

    override func open() {}
    override func close() {}
    override var hasBytesAvailable: Bool { !stopped }

    /// Stops handing on bytes: the parser sees the end at its next read.
    func stop() {
        stopped = true
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard !stopped, maxLength > 0 else { return 0 }
        if readyOffset == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyOffset = 0
            guard fill() else {
                stopped = true
                return 0
            }
        }
        let count = min(maxLength, ready.count - readyOffset)
        ready.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress! + readyOffset, count: count)
        }
        readyOffset += count
        bytesHanded += Int64(count)
        if bytesHanded >= nextProgress {
            nextProgress = bytesHanded + 256 * 1024
            onProgress?(bytesHanded)
        }
        return count
    }

    /// Reads and checks until some bytes are ready; `false` at the end of the input or at a problem.
    private func fill() -> Bool {
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while ready.isEmpty {
            let count = block.withUnsafeMutableBytes { raw in
                var count: Int
                repeat {
                    count = readDescriptor(descriptor, raw.baseAddress, raw.count)
                } while count < 0 && errno == EINTR
                return count
            }
            if count < 0 {
                fail(lines, "the file cannot be read: \(String(cString: strerror(errno)))")
                return false
            }
            if count == 0 {
                if !unchecked.isEmpty {
                    fail(lines, "the file is not UTF-8: it ends in the middle of a character")
                    return false
                }
                do {
                    try markup.finish()
                } catch {
                    fail(error.line ?? lines, error.message)
                    return false
                }
                reachedEnd = true
                return false
            }
            unchecked += block[0..<count]
            if isFirstRead, unchecked.count >= 64 || count < block.count {
                isFirstRead = false
                if let message = Self.declaredEncodingProblem(unchecked) {
                    fail(1, message)
                    return false
                }
            }
            guard check() else { return false }
        }
        return true
    }

    /// Moves the complete, valid characters at the start of ``unchecked`` to ``ready``.
    private func check() -> Bool {
        var index = 0
        let bytes = unchecked
        var checkedLines = lines
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0x0A { checkedLines += 1 }
                index += 1
                continue
            }
            let length: Int
            let secondRange: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
            case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
            case 0xED: (length, secondRange) = (3, 0x80...0x9F)
            case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
            case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
            default:
                fail(
                    checkedLines,
                    "the file is not UTF-8: byte 0x\(String(lead, radix: 16, uppercase: true)) "
                        + "at offset \(bytesHanded + Int64(ready.count - readyOffset) + Int64(index))")
                return false
            }
            guard index + length <= bytes.count else { break }  // completed by the next read
            let valid =
                secondRange.contains(bytes[index + 1])
                && (index + 2..<index + length).allSatisfy { (0x80...0xBF).contains(bytes[$0]) }
            guard valid else {
                fail(
                    checkedLines,
                    "the file is not UTF-8: a malformed character "
                        + "at offset \(bytesHanded + Int64(ready.count - readyOffset) + Int64(index))")
                return false
            }
            index += length
        }
        let checked = bytes[0..<index]
        do {
            // The markup starts after the byte-order mark, if the file has one.
            try markup.feed(
                bytesHanded == 0 && ready.isEmpty && checked.starts(with: [0xEF, 0xBB, 0xBF])
                    ? checked.dropFirst(3) : checked)
        } catch {
            fail(error.line ?? checkedLines, error.message)
            return false
        }
        ready += checked
        unchecked = Array(bytes[index...])
        lines = checkedLines
        return true
    }

    /// A message when the XML declaration names an encoding other than UTF-8 (which `XMLParser` would then use to
    /// read bytes this stream checked as UTF-8).
    static func declaredEncodingProblem(_ start: [UInt8]) -> String? {
        var bytes = start[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard bytes.starts(with: Array("<?xml".utf8)), let end = bytes.firstIndex(of: UInt8(ascii: ">")) else {
            return nil
        }
        let declaration = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        let name = rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " && $0 != "?" }
        return ["utf-8", "utf8"].contains(name)
            ? nil : "the file declares the encoding \"\(name.prefix(20))\"; only UTF-8 is read"
    }

    private func fail(_ line: Int, _ message: String) {
        if problem == nil { problem = Problem(line: line, message: message) }
    }
}

/// `read(2)`, outside the class, whose own `read` would otherwise be the one called.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
