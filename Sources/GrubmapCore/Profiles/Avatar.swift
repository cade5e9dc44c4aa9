/// An uploaded profile picture, accepted only when its bytes are a PNG or JPEG image of at most 1 MiB.
public struct Avatar: Hashable, Sendable {
    /// The image formats accepted, told apart by their bytes, never by a file name or a declared type.
    public enum MediaType: String, Sendable, CaseIterable, Codable {
        case png = "image/png"
        case jpeg = "image/jpeg"
    }

    /// The largest accepted image, in bytes.
    public static let maximumBytes = 1 << 20

    public let bytes: [UInt8]
    public let type: MediaType

    /// Checks the bytes; throws ``AvatarError`` for anything that is not a whole PNG or JPEG image of at most
    /// ``maximumBytes``.
    public init(bytes: [UInt8]) throws(AvatarError) {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(bytes.count) }
        if Self.isPNG(bytes) {
            type = .png
        } else if Self.isJPEG(bytes) {
            type = .jpeg
        } else {
            throw .notAnImage
        }
        self.bytes = bytes
    }

    /// A PNG starts with its 8-byte signature and an `IHDR` chunk, and ends with an `IEND` chunk.
    private static func isPNG(_ bytes: [UInt8]) -> Bool {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8 + 25 + 12, Array(bytes[0..<8]) == signature else { return false }
        let ihdr = Array("IHDR".utf8)
        let iend = Array("IEND".utf8)
        return Array(bytes[12..<16]) == ihdr && Array(bytes[(bytes.count - 8)..<(bytes.count - 4)]) == iend
    }

    /// A JPEG starts with the SOI marker followed by another marker, and ends with EOI.
    private static func isJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
            && bytes[bytes.count - 2] == 0xFF && bytes[bytes.count - 1] == 0xD9
    }
}

/// Why a picture was refused.
public enum AvatarError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLarge(Int)
    case notAnImage
    /// Wider, taller or bigger than Grubmap accepts, from the image's own header.
    case tooManyPixels(width: Int, height: Int)

    public var description: String {
        switch self {
        case .empty: "the picture is empty"
        case .tooLarge(let bytes): "the picture is \(bytes) bytes; at most \(Avatar.maximumBytes) (1 MiB) are accepted"
        case .notAnImage: "the picture must be a PNG, JPEG or WebP image"
        case .tooManyPixels(let width, let height):
            "the picture is \(width)×\(height) pixels; at most 4096 on a side and 16 megapixels are accepted"
        }
    }
}
