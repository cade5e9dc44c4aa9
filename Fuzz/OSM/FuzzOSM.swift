import Foundation
import FuzzSupport
import GrubmapCore
import GrubmapImport

/// libFuzzer's entry: any bytes as an OpenStreetMap XML extract, read as a stream and built into a basemap as
/// `grubmap import basemap` does (through an unlinked temporary file, since the reader reads a file descriptor).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSM(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = tmpfile() else { return 0 }
    defer { fclose(file) }
    guard fwrite(data, 1, size, file) == size, fflush(file) == 0 else { return 0 }
    rewind(file)
    _ = try? BasemapImporter.features(fromXML: fileno(file), coverage: coverage, localLanguage: "ko")
    return 0
}

/// Around Pusan National University's Busan campus, where the corpus's extracts lie.
private let coverage = try! Bounds(
    southWest: Coordinate(latitude: 35.226, longitude: 129.074),
    northEast: Coordinate(latitude: 35.240, longitude: 129.090))

@main enum Main {
    static func main() { fuzzMain(fuzzOSM) }
}
