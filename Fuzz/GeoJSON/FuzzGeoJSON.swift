import Foundation
import FuzzSupport
import GrubmapCore

/// libFuzzer's entry: any bytes as a GeoJSON file of places for one area.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? PlaceGeoJSON.decode(Data(bytes: data, count: size), area: area, localLanguage: "ko")
    return 0
}

private let area = try! Area.ID("fuzz-area")

@main enum Main {
    static func main() { fuzzMain(fuzzGeoJSON) }
}
