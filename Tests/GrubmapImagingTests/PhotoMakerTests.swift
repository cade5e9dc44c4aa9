import CImaging
import GrubmapCore
import Testing

@testable import GrubmapImaging

/// Meal photos are made anew from what is uploaded: JPEG, PNG or WebP in, two JPEGs out (1,280 and 320 pixels on the
/// longest side, never enlarged, never cropped), turned upright and with nothing of the upload's metadata.
@Suite struct PhotoMakerTests {
    /// A JPEG of `width`×`height`, red on its left half and blue on its right, as a camera would write it (no comment).
    private func jpeg(width: Int, height: Int) throws -> [UInt8] {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for _ in 0..<height {
            for x in 0..<width { rgb += x < width / 2 ? [220, 20, 20] : [20, 20, 220] }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rgb.withUnsafeBufferPointer {
            gm_encode_jpeg($0.baseAddress, Int32(width), Int32(height), 90, &output, &size)
        }
        defer { gm_free(output) }
        try #require(status == GM_IMAGE_OK)
        return Array(UnsafeBufferPointer(start: try #require(output), count: size))
    }

    @Test func aPhotoIsScaledToItsLongestSideAndAThumbnail() throws {
        let png = TestPNG.make(width: 2000, height: 1000) { x, _ in x < 1000 ? (200, 30, 30) : (30, 30, 200) }
        let made = try PhotoMaker.make(from: png)
        #expect(made.photo.width == 1280 && made.photo.height == 640)
        #expect(made.thumbnail.width == 320 && made.thumbnail.height == 160)
        let photo = try #require(Decoded(made.photo.bytes))
        let thumbnail = try #require(Decoded(made.thumbnail.bytes))
        #expect(photo.width == 1280 && photo.height == 640)
        #expect(thumbnail.width == 320 && thumbnail.height == 160)
        // Not cropped: red on the far left, blue on the far right.
        #expect(photo.pixel(2, 320).red > 150 && photo.pixel(1277, 320).blue > 150)
        #expect(thumbnail.pixel(1, 80).red > 150 && thumbnail.pixel(318, 80).blue > 150)
        // A tall one is scaled by its height; a small one is not blown up.
        let tall = try PhotoMaker.make(from: TestPNG.make(width: 300, height: 1600) { _, _ in (9, 9, 9) })
        #expect(tall.photo.width == 240 && tall.photo.height == 1280)
        #expect(tall.thumbnail.width == 60 && tall.thumbnail.height == 320)
        let small = try PhotoMaker.make(from: TestPNG.make(width: 120, height: 90) { _, _ in (9, 9, 9) })
        #expect(small.photo.width == 120 && small.photo.height == 90)
        #expect(small.thumbnail.width == 120 && small.thumbnail.height == 90)
    }

    @Test func aBigJPEGIsDecodedAtAFractionOfItsSize() throws {
        // 2600×1400 decodes at 1/2 (1300×700 still covers 1,280) and is scaled from there.
        let made = try PhotoMaker.make(from: try jpeg(width: 2600, height: 1400))
        #expect(made.photo.width == 1280 && made.photo.height == 689)
        let photo = try #require(Decoded(made.photo.bytes))
        #expect(photo.pixel(3, 400).red > 150 && photo.pixel(1276, 400).blue > 150)
    }

    @Test func everyMetadataBlockOfAPhoneJPEGIsDropped() throws {
        // A phone's photo: EXIF with a GPS position, XMP, an ICC profile and a comment of its own.
        var gps: [UInt8] = Array("MM".utf8) + [0x00, 0x2A] + TestPNG.be32(8) + [0x00, 0x01]
        gps += [0x88, 0x25, 0x00, 0x04] + TestPNG.be32(1) + TestPNG.be32(26) + TestPNG.be32(0)
        gps += [0x00, 0x01] + [0x00, 0x02, 0x00, 0x05] + TestPNG.be32(3) + TestPNG.be32(44) + TestPNG.be32(0)
        gps +=
            TestPNG.be32(35) + TestPNG.be32(1) + TestPNG.be32(13) + TestPNG.be32(1) + TestPNG.be32(4_212)
            + TestPNG.be32(100)
        var phone = try jpeg(width: 400, height: 300)
        phone = TestJPEG.inserting(marker: 0xE1, payload: Array("Exif".utf8) + [0, 0] + gps, into: phone)
        phone = TestJPEG.inserting(
            marker: 0xE1,
            payload: Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>GPSLatitude 35.2333</x:xmpmeta>".utf8),
            into: phone)
        phone = TestJPEG.inserting(marker: 0xE2, payload: Array("ICC_PROFILE\0\u{1}\u{1}phone".utf8), into: phone)
        phone = TestJPEG.inserting(marker: 0xFE, payload: Array("Taken at 35.2333N 129.0833E".utf8), into: phone)
        #expect(phone.contains(sequence: Array("Exif".utf8)))
        let made = try PhotoMaker.make(from: phone)
        for image in [made.photo.bytes, made.thumbnail.bytes] {
            for trace in ["Exif", "GPS", "xmpmeta", "ns.adobe.com", "ICC_PROFILE", "35.2333", "phone"] {
                #expect(!image.contains(sequence: Array(trace.utf8)), "\(trace)")
            }
            #expect(image.contains(sequence: Array(String(cString: gm_photo_comment()).utf8)))
            // Only the JFIF header, Grubmap's comment and what a baseline JPEG needs: no APP1 to APP15.
            #expect(TestJPEG.markers(of: image).allSatisfy { !(0xE1...0xEF).contains($0) })
        }
    }

    @Test func aPhoneJPEGIsTurnedAsItsEXIFSays() throws {
        // Stored 200×100, red on the left; orientation 6 means "turn 90° clockwise to show": 100×200, red on top.
        let turned = try PhotoMaker.make(
            from: TestJPEG.insertingOrientation(6, into: try jpeg(width: 200, height: 100)))
        #expect(turned.photo.width == 100 && turned.photo.height == 200)
        let photo = try #require(Decoded(turned.photo.bytes))
        #expect(photo.pixel(50, 5).red > 150 && photo.pixel(50, 194).blue > 150)
        let thumbnail = try #require(Decoded(turned.thumbnail.bytes))
        #expect(thumbnail.width == 100 && thumbnail.height == 200 && thumbnail.pixel(50, 5).red > 150)
    }

    @Test func aWebPIsReadWithItsTransparencyOnWhite() throws {
        // 1600×800: the left half opaque green, the right half transparent.
        var rgba: [UInt8] = []
        for _ in 0..<800 {
            for x in 0..<1600 { rgba += x < 800 ? [20, 200, 20, 255] : [0, 0, 0, 0] }
        }
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer { gm_encode_webp($0.baseAddress, 1600, 800, &output) }
        defer { gm_free_webp(output) }
        let webp = Array(UnsafeBufferPointer(start: try #require(output), count: size))
        let made = try PhotoMaker.make(from: webp)
        #expect(made.photo.width == 1280 && made.photo.height == 640)
        #expect(made.thumbnail.width == 320 && made.thumbnail.height == 160)
        let photo = try #require(Decoded(made.photo.bytes))
        #expect(photo.pixel(100, 300).green > 150 && photo.pixel(100, 300).red < 100)
        #expect(photo.pixel(1200, 300).red > 240 && photo.pixel(1200, 300).blue > 240)
        // Cut off, it is refused.
        #expect(throws: PhotoError.self) { try PhotoMaker.make(from: Array(webp.prefix(webp.count / 2))) }
    }

    @Test func hugeDeclaredSizesAreRefusedFromTheHeader() throws {
        let error = #expect(throws: PhotoError.self) {
            try PhotoMaker.make(from: TestPNG.header(width: 20_000, height: 20_000))
        }
        #expect(error == .tooManyPixels(width: 20_000, height: 20_000))
        for (width, height) in [(10_000, 6_000), (20_000, 10), (Int(Int32.max), 2)] {
            #expect(throws: PhotoError.self, "\(width)×\(height)") {
                try PhotoMaker.make(from: TestPNG.header(width: width, height: height))
            }
        }
    }

    @Test func fakesAndBrokenImagesAreRefused() throws {
        let good = try jpeg(width: 64, height: 48)
        let cases: [[UInt8]] = [
            Array("<svg onload=alert(1)>".utf8), Array("GIF89a……".utf8), TestPNG.signature + [1, 2, 3],
            Array(good.prefix(good.count / 2)), Array(good.prefix(3)) + [UInt8](repeating: 0, count: 100),
            Array(TestPNG.make(width: 8, height: 8) { _, _ in (1, 1, 1) }.dropLast(20)),
            Array("RIFF\0\0\0\0WEBPVP8 ".utf8) + [UInt8](repeating: 7, count: 40),
        ]
        for bytes in cases {
            #expect(throws: PhotoError.self) { try PhotoMaker.make(from: bytes) }
        }
        #expect(throws: PhotoError.empty) { try PhotoMaker.make(from: []) }
        #expect(throws: PhotoError.tooLarge(PhotoImages.maximumBytes + 1)) {
            try PhotoMaker.make(from: [UInt8](repeating: 0xFF, count: PhotoImages.maximumBytes + 1))
        }
    }
}
