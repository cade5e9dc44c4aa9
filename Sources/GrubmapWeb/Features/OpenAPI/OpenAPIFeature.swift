import Foundation
import GrubmapHTTP

/// `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of the API, kept in the repository
/// (`Resources/OpenAPI/openapi.json`) and served from memory. `OpenAPITests` checks that it names every API route and
/// nothing else; a new route fails that test until the document has it.
struct OpenAPIFeature: RouteCollection {
    func addRoutes(to routes: inout RouteTable) {
        routes.addInline(.get, Paths.API.openAPI, .api, document)
    }

    func document(_ context: RequestContext, _: Void) throws -> Response {
        guard let document = Self.document else { throw HTTPError.notFound("The OpenAPI document is not installed.") }
        let etag = "\"\(document.version)\""
        var response =
            context.request.headers["If-None-Match"] == etag
            ? Response(status: .notModified) : Response(status: .ok, body: document.body)
        response.headers["Content-Type"] = "application/json"
        response.headers["ETag"] = etag
        return response
    }

    /// The document's bytes, read once from the module's resources.
    static let document: Assets.File? = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json", subdirectory: "OpenAPI"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        let bytes = Array(data)
        return Assets.File(body: bytes, contentType: "application/json", version: Assets.fingerprint(bytes))
    }()
}
