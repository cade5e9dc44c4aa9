import CXML2
import Foundation

/// One XML document read a node at a time by libxml2's pull reader, `xmlTextReader`
/// (<https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-xmlreader.html>), from bytes in memory or from a
/// file descriptor as a stream: memory follows the node being read, not the document.
///
/// What a document from a stranger must not do, libxml2 is told not to do: no network access (`XML_PARSE_NONET`),
/// no external subset loaded and no entity expanded (neither `XML_PARSE_DTDLOAD` nor `XML_PARSE_NOENT`), and its
/// size limits kept (no `XML_PARSE_HUGE`: names, text nodes and attribute values of at most 10 MB, elements nested
/// at most 256 deep). A document with a DOCTYPE is refused at its first element, so entities can be declared but
/// never used, and the bytes pass ``XMLMarkupBound`` (a bound on attributes an element) on their way in. The
/// encoding is the document's own (UTF-8, UTF-16 with its byte-order mark, or what its declaration names); bytes
/// that break it are a well-formedness error like any other. Comments and processing instructions are skipped.
///
/// The first error libxml2 reports (its code, line and column) stops the read: ``next()`` throws it as a
/// ``Problem``. Used by one reader on one thread; libxml2's pointers stay inside.
final class XMLReader {
    /// A step through the document. An empty element (`<closed/>`) is a ``start(_:)`` followed by its ``end(_:)``.
    enum Node {
        case start(Element)
        /// An end tag, by its qualified name.
        case end(String)
        /// Character data, CDATA included (entities and character references already replaced), whitespace too.
        case text(String)
    }

    /// A start tag.
    struct Element {
        /// The name as written (`om:day`) and without its prefix (`day`).
        let name: String
        let localName: String
        /// The namespace's URI, when the element has one.
        let namespace: String?
        /// The attributes by qualified name; namespace declarations (`xmlns`, `xmlns:om`) are not among them.
        let attributes: [String: String]
    }

    /// Why the document was refused: a message for people, with the line (from 1) and column when known.
    struct Problem: Error, Hashable {
        let line: Int?
        let column: Int?
        let message: String
        /// libxml2's error code (`xmlParserErrors`), when the problem is libxml2's.
        let code: Int32?

        init(line: Int?, column: Int? = nil, message: String, code: Int32? = nil) {
            self.line = line
            self.column = column
            self.message = message
            self.code = code
        }
    }

    private static let doctype = Problem(line: nil, message: "a document must not have a DOCTYPE or declare entities")

    /// libxml2's options: see the type's summary.
    private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)

    private let reader: OpaquePointer
    /// The descriptor the document streams from, with what was read; `nil` for a document in memory.
    private let source: DescriptorSource?
    /// The bytes a reader in memory reads, owned by it (libxml2 reads them in place).
    private let bytes: UnsafeMutableRawBufferPointer?
    private var problem: Problem?
    private var pendingEnd: String?
    private var sawElement = false

    /// Reads `data`, refusing an element with more than `maximumAttributes` attributes.
    init(data: Data, maximumAttributes: Int) throws(Problem) {
        xmlInitParser()
        cxml2_silence_generic_errors()
        guard data.count < Int32.max else { throw Problem(line: nil, message: "the document is too large") }
        var bound = XMLMarkupBound(maximumAttributes: maximumAttributes)
        let crowded = data.withUnsafeBytes { raw -> Problem? in
            do throws(Problem) {
                try bound.feed(raw)
                return nil
            } catch {
                return error
            }
        }
        if let crowded { throw crowded }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
        bytes.copyBytes(from: data)
        guard
            let made = xmlReaderForMemory(
                bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(data.count), nil, nil, Self.options)
        else {
            bytes.deallocate()
            throw Problem(line: nil, message: "the XML reader could not be made")
        }
        self.reader = made
        self.bytes = bytes
        self.source = nil
        listenForErrors()
    }

    /// Reads the document from `descriptor` (left open: the caller closes it), 64 KiB at a time, calling
    /// `onProgress` with the bytes read so far about every 256 KiB.
    init(descriptor: Int32, maximumAttributes: Int, onProgress: ((Int64) -> Void)? = nil) throws(Problem) {
        xmlInitParser()
        cxml2_silence_generic_errors()
        let source = DescriptorSource(
            descriptor: descriptor, bound: XMLMarkupBound(maximumAttributes: maximumAttributes), onProgress: onProgress)
        let made = xmlReaderForIO(
            { context, buffer, length in
                guard let context, let buffer else { return -1 }
                return Unmanaged<DescriptorSource>.fromOpaque(context).takeUnretainedValue().read(buffer, Int(length))
            }, nil, Unmanaged.passUnretained(source).toOpaque(), nil, nil, Self.options)
        guard let made else { throw Problem(line: nil, message: "the XML reader could not be made") }
        self.reader = made
        self.bytes = nil
        self.source = source
        listenForErrors()
    }

    deinit {
        xmlFreeTextReader(reader)
        bytes?.deallocate()
    }

    /// The bytes read from the descriptor so far (0 for a document in memory).
    var bytesRead: Int64 { source?.bytesRead ?? 0 }

    /// The line of the node just read, from 1: the line its tag starts on.
    var line: Int {
        let node = xmlTextReaderCurrentNode(reader)
        let line = node.map { Int(xmlGetLineNo($0)) } ?? -1
        // libxml2 keeps an element's line in 16 bits; past 65,534 it says where the parser is (at most a read ahead).
        return line > 0 && line < 65_535 ? line : Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// The next node, or `nil` after the end of a well-formed document.
    func next() throws(Problem) -> Node? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name)
        }
        while true {
            let status = xmlTextReaderRead(reader)
            // What stopped the bytes comes first: libxml2 only saw its input fail.
            if let failure = source?.failure { throw failure }
            if problem != nil || status < 0 {
                // libxml2 parses ahead of the node it hands over, so an error past a DOCTYPE can come before the
                // first element; the DOCTYPE is the problem then. (Asking for the document keeps its tree, which
                // no longer matters.)
                if xmlTextReaderCurrentDoc(reader)?.pointee.intSubset != nil { throw Self.doctype }
                throw problem ?? Problem(line: line, message: "malformed XML")
            }
            guard status == 1 else { return nil }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                if !sawElement {
                    sawElement = true
                    // The reader passes over the DOCTYPE; by the first element, libxml2 has read it into the document.
                    if xmlTextReaderCurrentNode(reader)?.pointee.doc?.pointee.intSubset != nil { throw Self.doctype }
                }
                let element = readElement()
                if xmlTextReaderIsEmptyElement(reader) == 1 { pendingEnd = element.name }
                return .start(element)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end(string(xmlTextReaderConstName(reader)) ?? "")
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                return .text(string(xmlTextReaderConstValue(reader)) ?? "")
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                throw Problem(line: line, message: "an &entity; that is not one of XML's own")
            default:
                continue  // comments, processing instructions
            }
        }
    }

    private func readElement() -> Element {
        let name = string(xmlTextReaderConstName(reader)) ?? ""
        var attributes: [String: String] = [:]
        if xmlTextReaderHasAttributes(reader) == 1 {
            while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                guard xmlTextReaderIsNamespaceDecl(reader) != 1 else { continue }
                attributes[string(xmlTextReaderConstName(reader)) ?? ""] = string(xmlTextReaderConstValue(reader)) ?? ""
            }
            xmlTextReaderMoveToElement(reader)
        }
        return Element(
            name: name, localName: string(xmlTextReaderConstLocalName(reader)) ?? name,
            namespace: string(xmlTextReaderConstNamespaceUri(reader)), attributes: attributes)
    }

    private func string(_ text: UnsafePointer<xmlChar>?) -> String? {
        text.map { String(cString: $0) }
    }

    /// Keeps the first error of libxml2's reports (warnings are not errors) for ``next()`` to throw.
    private func listenForErrors() {
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
                let reader = Unmanaged<XMLReader>.fromOpaque(context).takeUnretainedValue()
                guard reader.problem == nil else { return }
                let message = error.pointee.message.map { String(cString: $0) } ?? ""
                reader.problem = Problem(
                    line: error.pointee.line > 0 ? Int(error.pointee.line) : nil,
                    column: error.pointee.int2 > 0 ? Int(error.pointee.int2) : nil,
                    message: XMLErrorText.describe(code: error.pointee.code, libxml2Message: message),
                    code: error.pointee.code)
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}

/// The descriptor a streaming ``XMLReader`` reads, as libxml2's read callback sees it.
private final class DescriptorSource {
    let descriptor: Int32
    let onProgress: ((Int64) -> Void)?
    private var bound: XMLMarkupBound
    private(set) var bytesRead: Int64 = 0
    /// Why the bytes stopped before their end, when they did: the descriptor could not be read, or the bound refused.
    private(set) var failure: XMLReader.Problem?
    private var nextProgress: Int64 = 256 * 1024

    init(descriptor: Int32, bound: XMLMarkupBound, onProgress: ((Int64) -> Void)?) {
        self.descriptor = descriptor
        self.bound = bound
        self.onProgress = onProgress
    }

    /// `read(2)` into libxml2's buffer, retried when interrupted, and passed through the bound: the bytes read, 0 at
    /// the end, -1 when the bytes stop here (``failure`` says why).
    func read(_ buffer: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32 {
        guard failure == nil else { return -1 }
        var count: Int
        repeat {
            count = Glibc.read(descriptor, buffer, min(length, 64 * 1024))
        } while count < 0 && errno == EINTR
        guard count >= 0 else {
            failure = XMLReader.Problem(
                line: nil, message: "the file cannot be read: \(String(cString: strerror(errno)))")
            return -1
        }
        do {
            try bound.feed(UnsafeRawBufferPointer(start: buffer, count: count))
        } catch {
            failure = error
            return -1
        }
        bytesRead += Int64(count)
        if bytesRead >= nextProgress {
            nextProgress = bytesRead + 256 * 1024
            onProgress?(bytesRead)
        }
        return Int32(count)
    }
}
