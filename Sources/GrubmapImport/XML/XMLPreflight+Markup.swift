extension XMLPreflight {
    /// Follows the markup of a document given in pieces of UTF-8 bytes (the whole text, or an extract read from a
    /// file or a pipe a block at a time) far enough to refuse what ``XMLPreflight`` refuses: a DOCTYPE or entity
    /// declaration, a processing instruction, a `<` inside a tag, an element with too many attributes, elements
    /// nested too deep, and a comment, CDATA section or XML declaration left open. The markup is ASCII, so bytes
    /// are enough; a marker split between two pieces is found all the same.
    ///
    /// A `<?` anywhere but the XML declaration that opens the document is refused, in comments and CDATA too:
    /// Foundation's parser crashes on one without content (`<?pi?>`, found by the fuzzer), wherever libxml2's error
    /// recovery may find it.
    struct MarkupScanner {
        private enum State {
            case text
            /// After a `<`, with the bytes of the tag so far, until they say what it opens.
            case opening([UInt8])
            case comment
            case cdata
            /// In the XML declaration, with the bytes since `<?` (which must start with `xml `).
            case declaration([UInt8])
            case tag
        }

        let limits: XMLPreflight
        /// The line of the last byte read, from 1.
        private(set) var line = 1
        private var state = State.text
        private var depth = 0
        private var attributes = 0
        private var quote: UInt8?
        private var closing = false
        private var previous: UInt8 = 0
        /// The last three bytes, to find `-->`, `]]>` and `?>`.
        private var recent: UInt32 = 0
        private var offset = 0

        init(limits: XMLPreflight) {
            self.limits = limits
        }

        /// Reads the next piece of the document; throws the first problem.
        mutating func feed(_ bytes: some Sequence<UInt8>) throws(Problem) {
            for byte in bytes { try read(byte) }
        }

        /// Says the document has ended: throws when a comment, CDATA section or the declaration is still open.
        func finish() throws(Problem) {
            switch state {
            case .comment: throw Problem(line: line, message: "a comment is not closed")
            case .cdata: throw Problem(line: line, message: "a CDATA section is not closed")
            case .declaration: throw Problem(line: line, message: "the XML declaration is not closed")
            case .text, .opening, .tag: break
            }
        }

        private mutating func read(_ byte: UInt8) throws(Problem) {
            defer {
                previous = byte
                recent = (recent << 8 | UInt32(byte)) & 0xFF_FFFF
                offset += 1
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            // The XML declaration may open the document; any other `<?` is refused wherever it is.
            if previous == UInt8(ascii: "<"), byte == UInt8(ascii: "?"), offset != 1 {
                throw Problem(line: line, message: "a document must not have processing instructions (<?…?>)")
            }
            switch state {
            case .text:
                if byte == UInt8(ascii: "<") { state = .opening([byte]) }
            case .opening(var bytes):
                bytes.append(byte)
                try open(bytes)
            case .comment:
                if recent & 0xFFFF == 0x2D2D, byte == UInt8(ascii: ">") { state = .text }
            case .cdata:
                if recent & 0xFFFF == 0x5D5D, byte == UInt8(ascii: ">") { state = .text }
            case .declaration(var bytes):
                if bytes.count < 4 {
                    bytes.append(byte)
                    guard Array("xml ".utf8).starts(with: bytes) else {
                        throw Problem(line: line, message: "a document must not have processing instructions (<?…?>)")
                    }
                    state = .declaration(bytes)
                } else if previous == UInt8(ascii: "?"), byte == UInt8(ascii: ">") {
                    state = .text
                }
            case .tag:
                try readInTag(byte)
            }
        }

        /// Decides what the bytes after a `<` open, once there are enough of them.
        private mutating func open(_ bytes: [UInt8]) throws(Problem) {
            switch bytes[1] {
            case UInt8(ascii: "?"):
                state = .declaration([])
            case UInt8(ascii: "!"):
                let comment = Array("<!--".utf8)
                let cdata = Array("<![CDATA[".utf8)
                if bytes == comment {
                    state = .comment
                    recent = 0
                } else if bytes == cdata {
                    state = .cdata
                    recent = 0
                } else if comment.starts(with: bytes) || cdata.starts(with: bytes) {
                    state = .opening(bytes)
                } else {
                    throw Problem(line: line, message: "a document must not have a DOCTYPE or declare entities")
                }
            default:
                closing = bytes[1] == UInt8(ascii: "/")
                attributes = 0
                quote = nil
                state = .tag
                try readInTag(bytes[1])
            }
        }

        private mutating func readInTag(_ byte: UInt8) throws(Problem) {
            if byte == UInt8(ascii: "<") {
                throw Problem(line: line, message: "a tag or attribute value has a < in it")
            }
            if let open = quote {
                if byte == open { quote = nil }
                return
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "="):
                attributes += 1
                if attributes > limits.maximumAttributes {
                    throw Problem(
                        line: line, message: "an element has more than \(limits.maximumAttributes) attributes")
                }
            case UInt8(ascii: ">"):
                if closing {
                    depth = max(0, depth - 1)
                } else if previous != UInt8(ascii: "/") {
                    depth += 1
                    if depth > limits.maximumDepth {
                        throw Problem(line: line, message: "elements are nested more than \(limits.maximumDepth) deep")
                    }
                }
                state = .text
            default: break
            }
        }
    }
}
