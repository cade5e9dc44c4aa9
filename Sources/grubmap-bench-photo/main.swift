// grubmap-bench-photo: how long making a meal photo takes and how much memory it needs, for an upload the size of
// a 12-megapixel phone photo. Build it in release mode: debug figures mean nothing.
//
//     grubmap-bench-photo --write FILE [--width W --height H]   writes a camera-like JPEG (gradients and grain)
//     grubmap-bench-photo FILE [--rounds R]                      makes the photo R times from FILE
//
// The second prints `photo MEDIAN_MS BEST_MS INPUT_BYTES PHOTO_BYTES THUMBNAIL_BYTES PEAK_RSS_MB`; run it under
// `/usr/bin/time -v` too, whose "Maximum resident set size" is the whole process's peak.

import CImaging
import Foundation
import GrubmapCore
import GrubmapImaging

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("grubmap-bench-photo: \(message)\n".utf8))
    exit(2)
}

func number(_ arguments: [String], _ name: String, default value: Int) -> Int {
    guard let at = arguments.firstIndex(of: name) else { return value }
    guard at + 1 < arguments.count, let parsed = Int(arguments[at + 1]), parsed > 0 else {
        fail("\(name) needs a positive whole number")
    }
    return parsed
}

/// A camera-like picture: smooth gradients with grain, so it compresses as a photo does (3 to 5 MB at 12 MP).
func writeJPEG(to path: String, width: Int, height: Int) {
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for y in 0..<height {
        for x in 0..<width {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let grain = Int(seed >> 59) - 16
            let at = (y * width + x) * 3
            rgb[at] = UInt8(clamping: x * 255 / width + grain)
            rgb[at + 1] = UInt8(clamping: y * 255 / height + grain)
            rgb[at + 2] = UInt8(clamping: (x + y) * 128 / (width + height) + 64 + grain)
        }
    }
    var output: UnsafeMutablePointer<UInt8>?
    var size = 0
    guard gm_encode_jpeg(rgb, Int32(width), Int32(height), 92, &output, &size) == GM_IMAGE_OK, let output else {
        fail("could not encode the picture")
    }
    defer { gm_free(output) }
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: output, count: size)) else {
        fail("could not write \(path)")
    }
    print("wrote \(path): \(width)×\(height), \(size) bytes")
}

let arguments = Array(CommandLine.arguments.dropFirst())
if let at = arguments.firstIndex(of: "--write") {
    guard at + 1 < arguments.count else { fail("--write needs a file") }
    writeJPEG(
        to: arguments[at + 1], width: number(arguments, "--width", default: 4000),
        height: number(arguments, "--height", default: 3000))
    exit(0)
}
guard let path = arguments.first, let data = FileManager.default.contents(atPath: path) else {
    fail("name a JPEG, PNG or WebP file to make a photo of (or --write FILE)")
}
let input = [UInt8](data)
var times: [Double] = []
var made: PhotoImages?
for _ in 0..<number(arguments, "--rounds", default: 5) {
    let start = ContinuousClock.now
    do {
        made = try PhotoMaker.make(from: input)
    } catch {
        fail("\(path): \(error)")
    }
    let elapsed = ContinuousClock.now - start
    times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
}
var usage = rusage()
getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
times.sort()
let median = times[times.count / 2]
print(
    "photo", String(format: "%.1f", median), String(format: "%.1f", times[0]), input.count,
    made?.photo.bytes.count ?? 0, made?.thumbnail.bytes.count ?? 0, usage.ru_maxrss / 1024)
