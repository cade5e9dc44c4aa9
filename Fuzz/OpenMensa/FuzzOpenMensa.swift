import Foundation
import FuzzSupport
import GrubmapCore
import GrubmapImport

/// libFuzzer's entry: any bytes as an OpenMensa feed, read through libxml2 as `grubmap import menu` reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenMensa(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let feed = Data(bytes: data, count: size)
    _ = try? OpenMensaFeed.parse(feed, currency: won)
    return 0
}

private let won = try! Currency(code: "KRW")

@main enum Main {
    static func main() { fuzzMain(fuzzOpenMensa) }
}
