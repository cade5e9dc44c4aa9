import Foundation

/// A JPEG Grubmap made, with its size in pixels.
public struct JPEGImage: Hashable, Sendable {
    public let bytes: [UInt8]
    public let width: Int
    public let height: Int

    public init(bytes: [UInt8], width: Int, height: Int) {
        self.bytes = bytes
        self.width = width
        self.height = height
    }
}

/// What is kept of a photo of a meal someone uploaded: the picture at most ``side`` pixels on its longest side and a
/// thumbnail of at most ``thumbnailSide``, both made anew from the pixels, so nothing of the upload's metadata (a
/// phone's GPS position, its serial number) is kept or served.
public struct PhotoImages: Hashable, Sendable {
    /// The longest side of the picture the dish page links to.
    public static let side = 1280
    /// The longest side of the thumbnail on the board and the dish page.
    public static let thumbnailSide = 320
    /// The largest upload, in bytes: a 12-megapixel phone JPEG is 3 to 8 MB.
    public static let maximumBytes = 15 * 1024 * 1024
    /// The widest or tallest image accepted (WebP's own limit is 16,383).
    public static let maximumSide = 16_384
    /// The most pixels accepted (50 megapixels, the largest phone cameras), checked from the header before anything
    /// is decoded.
    public static let maximumPixels = 50_000_000

    public let photo: JPEGImage
    public let thumbnail: JPEGImage

    public init(photo: JPEGImage, thumbnail: JPEGImage) {
        self.photo = photo
        self.thumbnail = thumbnail
    }
}

/// Why an uploaded photo was refused.
public enum PhotoError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLarge(Int)
    /// Not a whole PNG, JPEG or WebP image; the decoder's words.
    case notAnImage(String)
    /// Wider, taller or bigger than Grubmap accepts, from the image's own header.
    case tooManyPixels(width: Int, height: Int)

    public var description: String {
        switch self {
        case .empty: "the photo is empty"
        case .tooLarge(let bytes):
            "the photo is \(bytes) bytes; at most \(PhotoImages.maximumBytes) (15 MiB) are accepted"
        case .notAnImage(let reason):
            "the photo must be a whole JPEG, PNG or WebP image" + (reason.isEmpty ? "" : " (\(reason))")
        case .tooManyPixels(let width, let height):
            "the photo is \(width)×\(height) pixels; at most \(PhotoImages.maximumSide) on a side and 50 megapixels "
                + "are accepted"
        }
    }
}
