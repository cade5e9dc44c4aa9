/// Counts the attributes of each tag in a document's bytes on their way to libxml2, a piece at a time, and refuses
/// an element with more than a reader allows: libxml2 2.9 compares an element's attributes with each other
/// pairwise, so 20,000 of them take it seconds, and the few hundred thousand an 8 MiB feed can hold, minutes.
///
/// Tags, comments, CDATA sections, declarations, processing instructions and quoted values are told apart so that
/// an `=` counts only inside a tag and outside its quotes; a marker split between two pieces is found all the same.
/// This is a bound, not a parser: everything else (encodings, nesting, well-formedness, DOCTYPEs) is libxml2's and
/// ``XMLReader``'s to check. In a UTF-16 document the count is of bytes that are not its markup, so it refuses
/// nothing libxml2 would not.
struct XMLMarkupBound {
    private enum State {
        case text
        /// After `<!`, with how many bytes of `--` or `[CDATA[` follow it so far.
        case opening(marker: [UInt8], matched: Int)
        /// A `<!` that opens neither: a DOCTYPE or one of its declarations, up to its `>`.
        case declaration
        case tag
        case comment
        case cdata
        case instruction
    }

    /// The most attributes one element may have.
    let maximumAttributes: Int
    /// The line of the last byte read, from 1.
    private(set) var line = 1
    private var state = State.text
    private var attributes = 0
    private var quote: UInt8?
    private var previous: UInt8 = 0
    /// The last two bytes before this one, to find `-->`, `]]>` and `?>`.
    private var recent: UInt16 = 0

    private static let comment = Array("--".utf8)
    private static let cdata = Array("[CDATA[".utf8)

    init(maximumAttributes: Int) {
        self.maximumAttributes = maximumAttributes
    }

    /// Reads the next piece of the document; throws the first problem.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(XMLReader.Problem) {
        for byte in bytes { try read(byte) }
    }

    private mutating func read(_ byte: UInt8) throws(XMLReader.Problem) {
        defer {
            recent = recent << 8 | UInt16(previous)
            previous = byte
        }
        if byte == UInt8(ascii: "\n") { line += 1 }
        switch state {
        case .text:
            guard previous == UInt8(ascii: "<") else { return }
            switch byte {
            case UInt8(ascii: "!"): state = .opening(marker: [], matched: 0)
            case UInt8(ascii: "?"): state = .instruction
            default:
                state = .tag
                attributes = 0
                quote = nil
            }
        case .opening(var marker, let matched):
            if matched == 0 { marker = byte == Self.comment[0] ? Self.comment : Self.cdata }
            if marker[matched] != byte {
                state = byte == UInt8(ascii: ">") ? .text : .declaration
            } else if matched + 1 < marker.count {
                state = .opening(marker: marker, matched: matched + 1)
            } else {
                state = marker == Self.comment ? .comment : .cdata
                recent = 0
            }
        case .comment:
            if recent & 0xFF == UInt8(ascii: "-"), previous == UInt8(ascii: "-"), byte == UInt8(ascii: ">") {
                state = .text
            }
        case .cdata:
            if recent & 0xFF == UInt8(ascii: "]"), previous == UInt8(ascii: "]"), byte == UInt8(ascii: ">") {
                state = .text
            }
        case .declaration:
            if byte == UInt8(ascii: ">") { state = .text }
        case .instruction:
            if previous == UInt8(ascii: "?"), byte == UInt8(ascii: ">") { state = .text }
        case .tag:
            try readInTag(byte)
        }
    }

    private mutating func readInTag(_ byte: UInt8) throws(XMLReader.Problem) {
        if let open = quote {
            if byte == open { quote = nil }
            return
        }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
        case UInt8(ascii: "="):
            attributes += 1
            if attributes > maximumAttributes {
                throw XMLReader.Problem(line: line, message: "an element has more than \(maximumAttributes) attributes")
            }
        case UInt8(ascii: ">"), UInt8(ascii: "<"): state = .text
        default: break
        }
    }
}
