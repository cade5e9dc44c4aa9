import CImaging
import GrubmapCore
import Testing

@testable import GrubmapImaging

/// Avatars are made anew from what is uploaded: real sizes checked from headers, turned upright, squared, scaled and
/// stripped of everything but their pixels.
@Suite struct AvatarMakerTests {
    @Test func aPhotoBecomesASquareJPEGWithoutMetadata() throws {
        let png = TestPNG.make(width: 600, height: 300) { x, _ in x < 300 ? (200, 30, 30) : (30, 30, 200) }
        let avatar = try AvatarMaker.make(from: png)
        #expect(avatar.type == .jpeg)
        #expect(AvatarMaker.made(avatar.bytes))
        let image = try #require(Decoded(avatar.bytes))
        #expect(image.width == 256 && image.height == 256)
        // The centred square keeps the middle: red on the left, blue on the right.
        #expect(image.pixel(20, 128).red > 150 && image.pixel(235, 128).blue > 150)
        // A small picture is not blown up.
        let small = Decoded(
            try AvatarMaker.make(from: TestPNG.make(width: 40, height: 60) { _, _ in (0, 0, 0) }).bytes)
        #expect(small?.width == 40 && small?.height == 40)
    }

    @Test func aPhoneJPEGIsTurnedAsItsEXIFSays() throws {
        // Stored with red on top; orientation 6 means "turn 90° clockwise to show", so red ends on the right.
        let stored = try AvatarMaker.make(
            from: TestPNG.make(width: 64, height: 64) { _, y in y < 32 ? (220, 0, 0) : (0, 0, 220) })
        let withEXIF = TestJPEG.insertingOrientation(6, into: stored.bytes)
        let turned = try #require(Decoded(try AvatarMaker.make(from: withEXIF).bytes))
        #expect(turned.pixel(60, 32).red > 150)
        #expect(turned.pixel(3, 32).blue > 150)
        #expect(!(try AvatarMaker.make(from: withEXIF)).bytes.contains(sequence: Array("Exif".utf8)))
    }

    @Test func hugeDeclaredSizesAreRefusedFromTheHeader() throws {
        for (width, height) in [(16_000, 16_000), (5000, 10), (4096, 4096), (Int(Int32.max), Int(Int32.max))] {
            let bomb = TestPNG.header(width: width, height: height)
            #expect(throws: AvatarError.self, "\(width)×\(height)") { try AvatarMaker.make(from: bomb) }
        }
        let error = #expect(throws: AvatarError.self) {
            try AvatarMaker.make(from: TestPNG.header(width: 16_000, height: 16_000))
        }
        #expect(error == .tooManyPixels(width: 16_000, height: 16_000))
        // 4000×4000 is 16 megapixels exactly: past the size check, this empty one fails only as it is decoded.
        let largest = #expect(throws: AvatarError.self) {
            try AvatarMaker.make(from: TestPNG.header(width: 4000, height: 4000))
        }
        #expect(largest == .notAnImage)
    }

    @Test func fakesAndBrokenImagesAreRefused() throws {
        let good = try AvatarMaker.make(from: TestPNG.make(width: 32, height: 32) { _, _ in (9, 9, 9) }).bytes
        let cases: [[UInt8]] = [
            Array("<svg onload=alert(1)>".utf8), Array("GIF89a……".utf8), TestPNG.signature + [1, 2, 3],
            Array(good.prefix(good.count / 2)), Array(good.prefix(3)) + [UInt8](repeating: 0, count: 100),
            Array(TestPNG.make(width: 8, height: 8) { _, _ in (1, 1, 1) }.dropLast(20)),
        ]
        for bytes in cases {
            #expect(throws: AvatarError.self) { try AvatarMaker.make(from: bytes) }
        }
        #expect(throws: AvatarError.empty) { try AvatarMaker.make(from: []) }
        #expect(throws: AvatarError.tooLarge(Avatar.maximumBytes + 1)) {
            try AvatarMaker.make(from: [UInt8](repeating: 0xFF, count: Avatar.maximumBytes + 1))
        }
    }
}

/// An image decoded to RGB, to look at what the maker made.
struct Decoded {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    init?(_ bytes: [UInt8]) {
        var output: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer {
            gm_decode_rgb($0.baseAddress, $0.count, &output, &width, &height, &message, message.count)
        }
        defer { gm_free(output) }
        guard status == GM_IMAGE_OK, let output else { return nil }
        self.width = Int(width)
        self.height = Int(height)
        pixels = Array(UnsafeBufferPointer(start: output, count: Int(width * height * 3)))
    }

    func pixel(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        let at = (y * width + x) * 3
        return (Int(pixels[at]), Int(pixels[at + 1]), Int(pixels[at + 2]))
    }
}

extension Array where Element == UInt8 {
    func contains(sequence: [UInt8]) -> Bool {
        guard sequence.count <= count else { return false }
        return (0...(count - sequence.count)).contains { self[$0..<($0 + sequence.count)].elementsEqual(sequence) }
    }
}
