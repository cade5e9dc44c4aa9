/// Reads the places of a GeoJSON FeatureCollection one feature at a time, from a stream of byte chunks: a file
/// of a million features is read in the memory of one feature (see ``PlaceGeoJSON`` for the format).
///
/// ``next()`` returns the next feature as a place, or `nil` once the whole document has been read and found to be a
/// FeatureCollection with a list of features and nothing after it. Each feature is checked as ``PlaceGeoJSON/decode(_:area:localLanguage:)``
/// checks it, and the first problem is thrown naming the feature. Ids repeated across features are not checked
/// here: that needs every id seen, which is the importing store's job.
///
/// The root's other members (`bbox`, `name`, …) are read past without being kept, in any order: `features` may
/// even come before `type`, which is then checked when it comes.
public struct PlaceGeoJSONReader {
    /// The largest feature accepted, in bytes of JSON.
    public static let maximumFeatureBytes = 1 << 20

    private var reader: JSONReader
    private let area: Area.ID
    private let localLanguage: String
    private var state = State.start
    private var type: String?
    private var sawFeatures = false

    private enum State {
        case start
        /// Inside the root object: `first` before its first member.
        case root(first: Bool)
        /// Inside the `features` list: `first` before its first element.
        case features(first: Bool)
        case done
    }

    /// How many features have been read.
    public private(set) var featureCount = 0

    /// How many bytes of the document have been read.
    public var bytesRead: Int { reader.offset }

    /// Makes a reader of the chunks `source` returns in order (`nil` at the end of the document).
    public init(area: Area.ID, localLanguage: String, source: @escaping () throws -> [UInt8]?) {
        reader = JSONReader(maximumValueBytes: Self.maximumFeatureBytes, source: source)
        self.area = area
        self.localLanguage = localLanguage
    }

    /// A reader of a document in memory.
    public init(bytes: [UInt8], area: Area.ID, localLanguage: String) {
        var given: [UInt8]? = bytes
        self.init(area: area, localLanguage: localLanguage) {
            defer { given = nil }
            return given
        }
    }

    /// The next feature as a place, or `nil` at the end of a valid document.
    ///
    /// - Throws: ``PlaceGeoJSONError`` for the first problem in the document, and whatever the source throws
    ///   (as ``PlaceGeoJSONError/unreadable(_:)``).
    public mutating func next() throws(PlaceGeoJSONError) -> Place? {
        do {
            return try step()
        } catch let error as PlaceGeoJSONError {
            state = .done
            throw error
        } catch let failure as JSONReader.Failure {
            let inFeatures = if case .features = state { true } else { false }
            state = .done
            if inFeatures, !failure.isLimit {
                throw .feature(featureCount + 1, nil, "is not valid JSON (\(failure))")
            }
            if failure.isLimit { throw .feature(featureCount + 1, nil, "is too large or too deep (\(failure))") }
            throw .document("the file is not JSON (\(failure))")
        } catch {
            state = .done
            throw .unreadable("\(error)")
        }
    }

    private mutating func step() throws -> Place? {
        while true {
            switch state {
            case .done:
                return nil
            case .start:
                if try reader.skipWhitespace() == 0xEF { try skipByteOrderMark() }
                guard try reader.skipWhitespace() == UInt8(ascii: "{") else {
                    // Tell a document that is JSON but not an object from one that is not JSON at all.
                    do {
                        try reader.skipValue()
                        guard try reader.isAtEnd() else { throw PlaceGeoJSONError.document("the file is not JSON") }
                    } catch is JSONReader.Failure {
                        throw PlaceGeoJSONError.document("the file is not JSON")
                    }
                    throw PlaceGeoJSONError.document("the top level must be a FeatureCollection")
                }
                reader.consume()
                state = .root(first: true)
            case .root(let first):
                let byte = try reader.skipWhitespace()
                if byte == UInt8(ascii: "}") {
                    reader.consume()
                    try finish()
                    return nil
                }
                if !first { try reader.expect(UInt8(ascii: ","), "',' or '}'") }
                guard try reader.skipWhitespace() == UInt8(ascii: "\"") else {
                    throw try reader.unexpected(expecting: "a key")
                }
                let key = try reader.readString()
                try reader.expect(UInt8(ascii: ":"), "':'")
                state = .root(first: false)
                switch key {
                case "type":
                    type = try reader.readValue().string
                    try checkType()
                case "features":
                    try checkType()
                    guard try reader.skipWhitespace() == UInt8(ascii: "[") else {
                        try reader.skipValue()
                        throw PlaceGeoJSONError.document("\"features\" must be a list")
                    }
                    reader.consume()
                    sawFeatures = true
                    state = .features(first: true)
                default:
                    try reader.skipValue()
                }
            case .features(let first):
                if try reader.skipWhitespace() == UInt8(ascii: "]") {
                    reader.consume()
                    state = .root(first: false)
                    continue
                }
                if !first { try reader.expect(UInt8(ascii: ","), "',' or ']'") }
                state = .features(first: false)
                let value = try reader.readValue()
                featureCount += 1
                return try PlaceGeoJSON.decodeFeature(
                    value, index: featureCount, area: area, localLanguage: localLanguage)
            }
        }
    }

    /// Refuses a `type` other than FeatureCollection as soon as it is known.
    private func checkType() throws {
        if let type, type != "FeatureCollection" {
            throw PlaceGeoJSONError.document("the top level must be a FeatureCollection")
        }
    }

    /// After the root object: it was a FeatureCollection with features, and nothing follows it.
    private mutating func finish() throws {
        state = .done
        guard type == "FeatureCollection" else {
            throw PlaceGeoJSONError.document("the top level must be a FeatureCollection")
        }
        guard sawFeatures else { throw PlaceGeoJSONError.document("\"features\" must be a list") }
        guard try reader.isAtEnd() else {
            throw PlaceGeoJSONError.document("the file is not JSON (\(reader.position): text after the document)")
        }
    }

    /// Reads past a UTF-8 byte order mark, which some tools write first.
    private mutating func skipByteOrderMark() throws {
        for expected: UInt8 in [0xEF, 0xBB, 0xBF] {
            guard try reader.skipWhitespace() == expected else { return }
            reader.consume()
        }
    }
}
