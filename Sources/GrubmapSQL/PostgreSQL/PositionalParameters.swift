/// Rewrites SQLite-style positional parameters (`?`) as PostgreSQL's numbered ones (`$1`, `$2`, …), so one SQL
/// text serves both databases.
///
/// Only a `?` in SQL proper is rewritten: never one inside a string literal (`'…'`, with `''` escapes, or
/// `E'…'` with backslash escapes), a quoted identifier (`"…"`), a dollar-quoted string (`$tag$…$tag$`), or a
/// comment (`-- …` or a nestable `/* … */`). PostgreSQL's jsonb operators `?`, `?|` and `?&` cannot be written
/// in SQL given to this module; use the functions `jsonb_exists` and friends instead.
enum PositionalParameters {
    /// The rewritten SQL and the number of parameters found.
    static func rewrite(_ sql: String) -> (sql: String, count: Int) {
        let bytes = Array(sql.utf8)
        guard bytes.contains(UInt8(ascii: "?")) else { return (sql, 0) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var count = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "?"):
                count += 1
                output.append(contentsOf: Array("$\(count)".utf8))
                index += 1
            case UInt8(ascii: "'"):
                let escapes =
                    index > 0 && (bytes[index - 1] | 0x20) == UInt8(ascii: "e")
                    && !isWordByte(before: index - 1, in: bytes)
                let end = quotedEnd(bytes, from: index, quote: byte, backslashEscapes: escapes)
                output.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "\""):
                let end = quotedEnd(bytes, from: index, quote: byte, backslashEscapes: false)
                output.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "-") where next(bytes, index) == UInt8(ascii: "-"):
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
                output.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "/") where next(bytes, index) == UInt8(ascii: "*"):
                let end = blockCommentEnd(bytes, from: index)
                output.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "$"):
                let end = dollarQuotedEnd(bytes, from: index) ?? index + 1
                output.append(contentsOf: bytes[index..<end])
                index = end
            default:
                output.append(byte)
                index += 1
            }
        }
        return (String(decoding: output, as: UTF8.self), count)
    }

    private static func next(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        index + 1 < bytes.count ? bytes[index + 1] : nil
    }

    /// Whether the byte before `index` continues an identifier (so `e'` in `some'` is not an `E'…'` string).
    private static func isWordByte(before index: Int, in bytes: [UInt8]) -> Bool {
        guard index > 0 else { return false }
        let byte = bytes[index - 1]
        return byte == UInt8(ascii: "_") || byte >= 0x80
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The index just past a quoted run that opens at `start`; a doubled quote is an escaped one.
    private static func quotedEnd(_ bytes: [UInt8], from start: Int, quote: UInt8, backslashEscapes: Bool) -> Int {
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if backslashEscapes && byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == quote {
                if next(bytes, index) == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    /// The index just past a `/* … */` comment, which may nest in PostgreSQL.
    private static func blockCommentEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && next(bytes, index) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && next(bytes, index) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return bytes.count
    }

    /// The index just past a dollar-quoted string opening at `start` (`$$…$$` or `$tag$…$tag$`), or `nil` when
    /// the `$` does not open one (`$1` is a parameter; a `$` inside an identifier is part of it).
    private static func dollarQuotedEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        if isWordByte(before: start, in: bytes) { return nil }
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "$") {
            let byte = bytes[index]
            let isTagByte =
                byte == UInt8(ascii: "_") || byte >= 0x80
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (index > start + 1 && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            guard isTagByte else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let tag = Array(bytes[start...index])
        var cursor = index + 1
        while cursor + tag.count <= bytes.count {
            if bytes[cursor] == UInt8(ascii: "$") && Array(bytes[cursor..<cursor + tag.count]) == tag {
                return cursor + tag.count
            }
            cursor += 1
        }
        return bytes.count
    }
}
