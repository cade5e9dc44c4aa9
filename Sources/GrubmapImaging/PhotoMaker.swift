import CImaging
import GrubmapCore

/// Makes the meal photos Grubmap serves: an upload (JPEG, PNG or WebP, told apart by its bytes) is checked for its
/// real size from its header, decoded (a big JPEG at a fraction of its size, straight to about what is kept), turned
/// upright, scaled down to ``PhotoImages/side`` and ``PhotoImages/thumbnailSide`` on its longest side and encoded
/// anew as two JPEGs without metadata.
public enum PhotoMaker {
    /// The JPEG quality of both pictures.
    static let quality: Int32 = 82

    /// The two pictures made from `bytes`; throws ``PhotoError`` for anything that is not a readable JPEG, PNG or
    /// WebP of at most ``PhotoImages/maximumBytes``, ``PhotoImages/maximumSide`` on a side and
    /// ``PhotoImages/maximumPixels`` in all.
    public static func make(from bytes: [UInt8]) throws(PhotoError) -> PhotoImages {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= PhotoImages.maximumBytes else { throw .tooLarge(bytes.count) }
        var photo = gm_jpeg()
        var thumbnail = gm_jpeg()
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { input in
            gm_make_photo(
                input.baseAddress, input.count, Int32(PhotoImages.side), Int32(PhotoImages.thumbnailSide), quality,
                Int32(PhotoImages.maximumSide), PhotoImages.maximumPixels, &photo, &thumbnail, &width, &height,
                &message, message.count)
        }
        defer {
            gm_free(photo.bytes)
            gm_free(thumbnail.bytes)
        }
        switch status {
        case GM_IMAGE_OK:
            guard let large = JPEGImage(photo), let small = JPEGImage(thumbnail) else { throw .notAnImage("") }
            return PhotoImages(photo: large, thumbnail: small)
        case GM_IMAGE_TOO_LARGE:
            throw .tooManyPixels(width: Int(width), height: Int(height))
        default:
            throw .notAnImage(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }
}

extension JPEGImage {
    /// A copy of what gm_make_photo made; `nil` when it made nothing.
    fileprivate init?(_ jpeg: gm_jpeg) {
        guard let bytes = jpeg.bytes, jpeg.size > 0 else { return nil }
        self.init(
            bytes: Array(UnsafeBufferPointer(start: bytes, count: jpeg.size)), width: Int(jpeg.width),
            height: Int(jpeg.height))
    }
}
