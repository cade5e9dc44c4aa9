import Foundation
import GrubmapHTTP

/// `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of the API, kept in the repository
/// (`Resources/OpenAPI/openapi.json`) and served from memory. `OpenAPITests` checks that it names every API route and
/// nothing else; a new route fails that test until the document has it.
struct OpenAPIFeature: RouteCollection {
    func addRoutes(to routes: inout RouteTable) {
        routes.addInline(.get, Paths.API.openAPI, .api, prepared: [Paths.API.openAPI()], document)
    }

    /// The document; its `ETag` and 304 come from ``ConditionalRequests``, like every API answer's.
    func document(_ context: RequestContext, _: Void) throws -> Response {
        guard let body = Self.body else { throw HTTPError.notFound("The OpenAPI document is not installed.") }
        var response = Response(status: .ok, body: body)
        response.headers["Content-Type"] = "application/json"
        return response
    }

    /// The document's bytes, read once from the module's resources.
    static let body: [UInt8]? = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json", subdirectory: "OpenAPI"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return Array(data)
    }()
}
