import CImaging
import GrubmapCore

/// Makes the only pictures Grubmap serves: every upload is decoded (libpng, libjpeg, libwebp), checked for its real size,
/// turned upright, cropped to its centred square, scaled to at most ``side`` pixels and encoded anew as a JPEG
/// without metadata, so no uploaded byte reaches another visitor's browser.
public enum AvatarMaker {
    /// The side of an avatar, in pixels (smaller uploads are not enlarged).
    public static let side = 256
    /// The widest or tallest image accepted.
    public static let maximumSide = 4096
    /// The most pixels accepted (16 megapixels), checked from the header before anything is decoded.
    public static let maximumPixels = 16_000_000

    /// An avatar made from `bytes`; throws ``AvatarError`` for anything that is not a readable PNG, JPEG or WebP of at
    /// most 1 MiB, ``maximumSide`` on a side and ``maximumPixels`` in all.
    public static func make(from bytes: [UInt8]) throws(AvatarError) -> Avatar {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= Avatar.maximumBytes else { throw .tooLarge(bytes.count) }
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { input in
            gm_make_avatar(
                input.baseAddress, input.count, Int32(side), 85, Int32(maximumSide), maximumPixels, &output,
                &outputSize, &width, &height, &message, message.count)
        }
        defer { gm_free(output) }
        switch status {
        case GM_IMAGE_OK:
            guard let output else { throw .notAnImage }
            return try Avatar(bytes: Array(UnsafeBufferPointer(start: output, count: outputSize)))
        case GM_IMAGE_TOO_LARGE:
            throw .tooManyPixels(width: Int(width), height: Int(height))
        default:
            throw .notAnImage
        }
    }

    /// Whether `bytes` are a picture this maker made (its JPEG comment), rather than one uploaded before avatars
    /// were made anew.
    public static func made(_ bytes: [UInt8]) -> Bool {
        let comment = Array(String(cString: gm_avatar_comment()).utf8)
        return bytes.count > 4 + comment.count
            && bytes.prefix(512).indices.contains { start in
                start + comment.count <= bytes.count && bytes[start..<(start + comment.count)].elementsEqual(comment)
            }
    }
}
