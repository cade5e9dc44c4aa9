import Foundation
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// The OpenAPI document (`Sources/GrubmapWeb/Resources/OpenAPI/openapi.json`) against the route table: every API
/// route is in the document with its method, and every path and method of the document is routed. A new API route
/// fails here until the document describes it.
@Suite struct OpenAPITests {
    private static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]

    private func document(_ app: TestApp) throws -> [String: Any] {
        let response = try app.get("/api/v1/openapi.json")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// "GET /api/v1/areas" for every operation of the document.
    private func operations(_ document: [String: Any]) throws -> Set<String> {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operations = Set<String>()
        for (path, item) in paths {
            for method in item.keys where Self.methods.contains(method) {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }

    @Test func everyAPIRouteIsInTheDocumentAndEveryDocumentedOperationIsRouted() throws {
        let app = try TestApp.make()
        defer { app.cleanUp() }
        let documented = try operations(try document(app))
        let routed = Set(
            app.app.routes.entries.filter { $0.kind == .api }.map { "\($0.method.rawValue) \($0.pattern)" })
        let undocumented = routed.subtracting(documented).sorted()
        let unrouted = documented.subtracting(routed).sorted()
        let advice = "add each under paths with its parameters, request body and every response, errors included"
        #expect(
            undocumented.isEmpty,
            "routes missing from Sources/GrubmapWeb/Resources/OpenAPI/openapi.json: \(undocumented); \(advice)")
        #expect(unrouted.isEmpty, "operations in openapi.json that no route answers: \(unrouted)")
        #expect(routed.contains("GET /api/v1/openapi.json") && routed.contains("GET /metrics"))
    }

    @Test func theDocumentIsOpenAPI31AndEveryReferenceResolves() throws {
        let app = try TestApp.make()
        defer { app.cleanUp() }
        let document = try document(app)
        #expect(document["openapi"] as? String == "3.1.0")
        var references: [String] = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.append(reference) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(document)
        #expect(references.count > 50)
        for reference in Set(references) {
            var node: Any? = document
            for part in reference.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(part)] }
            #expect(node != nil, "\(reference) names nothing in the document")
        }
        let schemes = (document["components"] as? [String: Any])?["securitySchemes"] as? [String: [String: Any]]
        #expect(schemes?["bearerAuth"]?["scheme"] as? String == "bearer")
    }

    @Test func everyOperationDocumentsItsErrors() throws {
        let app = try TestApp.make()
        defer { app.cleanUp() }
        let paths = try #require(try document(app)["paths"] as? [String: [String: [String: Any]]])
        for (path, item) in paths {
            for (method, operation) in item where Self.methods.contains(method) {
                let responses = try #require(operation["responses"] as? [String: Any])
                #expect(responses["default"] != nil, "\(method) \(path) has no default (error) response")
                #expect(
                    responses.keys.contains { $0.hasPrefix("4") }, "\(method) \(path) documents no 4xx response")
            }
        }
    }
}
