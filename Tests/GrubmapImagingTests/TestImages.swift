/// PNG files written here byte by byte (stored, uncompressed deflate blocks), so tests need no image files.
enum TestPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// An 8-bit RGB PNG whose pixel at (x, y) is `color(x, y)`.
    static func make(width: Int, height: Int, color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let (red, green, blue) = color(x, y)
                raw += [red, green, blue]
            }
        }
        return header(width: width, height: height, ending: false) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// A PNG's signature and `IHDR` claiming `width`×`height`, with an empty image and `IEND` unless `ending` is
    /// false: what an image bomb declares.
    static func header(width: Int, height: Int, ending: Bool = true) -> [UInt8] {
        let ihdr = be32(UInt32(truncatingIfNeeded: width)) + be32(UInt32(truncatingIfNeeded: height)) + [8, 2, 0, 0, 0]
        var bytes = signature + chunk("IHDR", ihdr)
        if ending { bytes += chunk("IDAT", zlibStored([0])) + chunk("IEND", []) }
        return bytes
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(UInt32(data.count)) + typed + be32(crc32(typed))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let last: UInt8 = offset + length == data.count ? 1 : 0
            output += [
                last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ]
            output += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return output + be32(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

enum TestJPEG {
    /// `jpeg` with an EXIF APP1 segment (big-endian TIFF, one IFD entry: Orientation) right after its SOI marker.
    static func insertingOrientation(_ orientation: UInt16, into jpeg: [UInt8]) -> [UInt8] {
        var tiff: [UInt8] = Array("MM".utf8) + [0x00, 0x2A] + TestPNG.be32(8)
        tiff += [0x00, 0x01]  // one entry
        tiff +=
            [0x01, 0x12, 0x00, 0x03] + TestPNG.be32(1) + [UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0]
        tiff += TestPNG.be32(0)
        return inserting(marker: 0xE1, payload: Array("Exif".utf8) + [0, 0] + tiff, into: jpeg)
    }

    /// `jpeg` with a segment of `marker` (0xE1 for APP1, 0xFE for a comment) right after its SOI marker.
    static func inserting(marker: UInt8, payload: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
            + jpeg.dropFirst(2)
    }

    /// The markers of a JPEG's segments before its scan (SOS ends the walk).
    static func markers(of jpeg: [UInt8]) -> [UInt8] {
        var markers: [UInt8] = []
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF {
            let marker = jpeg[at + 1]
            markers.append(marker)
            if marker == 0xDA { break }
            at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
        }
        return markers
    }
}
