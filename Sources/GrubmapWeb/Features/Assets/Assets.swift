import Foundation
import GrubmapHTTP

/// The static files Grubmap serves under `/assets/`: the scripts and pictures in the module's `Resources/Assets`
/// and the style sheet ``Stylesheet`` joins from its `styles` folder, each read once, fingerprinted, and cacheable
/// for a year when asked for by version. The `icons` folder is not served: ``InlineSVG`` writes its drawings into
/// the pages.
enum Assets {
    struct File: Sendable {
        let body: [UInt8]
        let contentType: String
        /// A hash of the bytes, for `ETag` and for cache-busting `?v=` links.
        let version: String
        /// The body gzipped once at start-up at zlib's smallest, for clients that accept it; `nil` when that
        /// saves nothing (pictures).
        let gzipped: [UInt8]?

        init(body: [UInt8], contentType: String) {
            self.body = body
            self.contentType = contentType
            version = Fingerprint.fnv1a64(body)
            gzipped = ResponseCompression.isCompressible(contentType) ? Gzip.compress(body, level: 9) : nil
        }
    }

    /// Every file by name; an empty style sheet alone when the resources were not installed beside the binary.
    static let files: [String: File] = {
        var files: [String: File] = [:]
        let css = Array(Stylesheet.css.utf8)
        files["app.css"] = File(body: css, contentType: "text/css; charset=utf-8")
        guard let folder = resourceFolder() else { return files }
        for name in names(in: folder) where !unlisted.contains(name) {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { continue }
            files[name] = File(body: Array(data), contentType: contentType(of: name))
        }
        return files
    }()

    /// Resources kept beside the assets but served elsewhere: the service worker must be served from the root.
    private static let unlisted: Set<String> = ["service-worker.js"]

    /// The module's `Resources/Assets` folder, or a folder in it; `nil` when the resources were not installed.
    static func resourceFolder(_ subfolder: String? = nil) -> URL? {
        guard let folder = Bundle.module.url(forResource: "Assets", withExtension: nil) else { return nil }
        return subfolder.map { folder.appendingPathComponent($0, isDirectory: true) } ?? folder
    }

    /// The files of `folder` whose names end in `.\(pathExtension)`, with their bytes, in the order of their names
    /// (byte order, the same on every system).
    static func files(in folder: URL, withExtension pathExtension: String) -> [(name: String, bytes: [UInt8])] {
        let matching = names(in: folder).filter { $0.hasSuffix("." + pathExtension) }
        return matching.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }.compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, Array($0)) }
        }
    }

    /// The names of the regular files in `folder` (not its subfolders).
    private static func names(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue
        }
    }

    /// The bytes of a resource in the assets folder, served under `/assets/` or not.
    static func source(_ name: String) -> [UInt8]? {
        guard let folder = resourceFolder(), let data = try? Data(contentsOf: folder.appendingPathComponent(name))
        else { return nil }
        return Array(data)
    }

    private static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }

    /// The address of an asset, with its version so browsers may cache it for long.
    static func path(_ name: String) -> String {
        Paths.asset(name, query: [("v", files[name]?.version ?? "0")])
    }
}

/// `GET /assets/{name}`: never touches sessions or the database, so scripts and styles load even while it is down.
struct AssetsFeature: RouteCollection {
    func addRoutes(to routes: inout RouteTable) {
        // Each file by its versioned address and its plain one.
        let targets = Assets.files.keys.sorted().flatMap { [Assets.path($0), Paths.asset($0)] }
        routes.addInline(.get, Paths.asset, .page, prepared: targets, asset)
    }

    /// A static file, gzipped when the client accepts it, cached for a year when asked for by version, with an
    /// `ETag` for each of its two forms.
    func asset(_ context: RequestContext, name: String) throws -> Response {
        guard let file = Assets.files[name] else { throw HTTPError.notFound("There is no asset \"\(name)\".") }
        let request = context.request
        let gzipped = request.acceptsGzip ? file.gzipped : nil
        let etag = gzipped == nil ? "\"\(file.version)\"" : "\"\(file.version)-gzip\""
        var response =
            request.headers["If-None-Match"].map { ConditionalRequests.matches($0, etag) } == true
            ? Response(status: .notModified) : Response(status: .ok, body: gzipped ?? file.body)
        response.headers["Content-Type"] = file.contentType
        if gzipped != nil { response.headers["Content-Encoding"] = "gzip" }
        response.headers["ETag"] = etag
        response.headers["Cache-Control"] =
            request.query["v"] == file.version ? "public, max-age=31536000, immutable" : "no-cache"
        return response
    }
}
