import Foundation
import GrubmapHTTP

/// The static files Grubmap serves under `/assets/`, read once from the module's resources.
enum Assets {
    struct File: Sendable {
        let body: [UInt8]
        let contentType: String
        /// A hash of the bytes, for `ETag` and for cache-busting `?v=` links.
        let version: String
    }

    /// Every file by name; empty only if the resources were not installed beside the binary.
    static let files: [String: File] = {
        guard let folder = Bundle.module.url(forResource: "Assets", withExtension: nil),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [:] }
        var files: [String: File] = [:]
        for name in names {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { continue }
            let type = name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "application/octet-stream"
            files[name] = File(body: Array(data), contentType: type, version: fingerprint(Array(data)))
        }
        return files
    }()

    /// The script's address, with its version so browsers may cache it for long.
    static var scriptPath: String { "/assets/app.js?v=\(files["app.js"]?.version ?? "0")" }

    /// FNV-1a, 64 bits, as 16 hex digits: enough to tell versions of a file apart (not a security measure).
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension App {
    /// `GET /assets/{name}`: a static file, cached for a year when asked for by version, with an `ETag`.
    func asset(_ name: String, request: Request) throws -> Response {
        guard let file = Assets.files[name] else { throw HTTPError.notFound("There is no asset \"\(name)\".") }
        let etag = "\"\(file.version)\""
        var response =
            request.headers["If-None-Match"] == etag
            ? Response(status: .notModified) : Response(status: .ok, body: file.body)
        response.headers["Content-Type"] = file.contentType
        response.headers["ETag"] = etag
        response.headers["Cache-Control"] =
            request.query["v"] == file.version ? "public, max-age=31536000, immutable" : "no-cache"
        return response
    }
}
