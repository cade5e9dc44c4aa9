import Foundation

extension DecodingError {
    /// One line for people: where in the document (`places[2].coordinate`) and what was wrong.
    ///
    /// - Parameter droppingPrefix: how many leading coding-path elements to leave out (to show a path relative
    ///   to an element already named elsewhere).
    package func readableDescription(droppingPrefix: Int = 0) -> String {
        switch self {
        case .typeMismatch(let type, let context):
            return Self.at(context, droppingPrefix) + "expected \(Self.name(of: type))"
        case .valueNotFound(let type, let context):
            return Self.at(context, droppingPrefix) + "expected \(Self.name(of: type)), found null"
        case .keyNotFound(let key, let context):
            return Self.at(context, droppingPrefix) + "missing \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            var text = Self.at(context, droppingPrefix) + context.debugDescription
            if let underlying = context.underlyingError as NSError?,
                let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String
            {
                text += " (\(detail))"
            }
            return text
        @unknown default:
            return "\(self)"
        }
    }

    private static func at(_ context: Context, _ droppingPrefix: Int) -> String {
        let path = formatted(Array(context.codingPath.dropFirst(droppingPrefix)))
        return path.isEmpty ? "" : "\(path): "
    }

    /// `places[2].coordinate.latitude`.
    private static func formatted(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "\(type)"
        }
    }
}
