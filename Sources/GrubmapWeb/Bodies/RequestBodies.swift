import Foundation
import GrubmapAPI
import GrubmapHTTP

extension Request {
    /// The form's fields decoded as `Value` (see ``FormDecoder``); 400 naming the field, 415 for another type.
    func decodeForm<Value: Decodable>(_ type: Value.Type, code: String = "bad_form") throws(HTTPError) -> Value {
        try FormDecoder().decode(type, from: try formFields(), code: code)
    }

    /// The JSON body decoded as `Value`; 415 for another content type, 400 naming the field for a body that does
    /// not fit, with `code` as the error's code.
    func decodeJSON<Value: Decodable>(_ type: Value.Type, code: String = "invalid_json") throws(HTTPError) -> Value {
        let contentType = headers["Content-Type"]?.split(separator: ";").first?
            .trimmingOptionalWhitespace().lowercased()
        guard contentType == "application/json" else {
            throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type", message: "Send JSON.")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty,
                .typeMismatch(_, let context) where context.codingPath.isEmpty:
                throw .badRequest("The body must be a JSON object.", code: "invalid_json")
            default:
                break
            }
            throw .badRequest(error.fieldMessage, code: code, field: error.field)
        } catch {
            throw .badRequest("The body must be a JSON object.", code: "invalid_json")
        }
    }
}
