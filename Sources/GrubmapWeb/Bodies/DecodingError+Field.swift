import Foundation

extension DecodingError {
    /// A sentence for the person or program that sent a body, naming the field: `bio: must be text.`
    var fieldMessage: String {
        let (field, problem) = fieldAndProblem
        let sentence = problem.hasSuffix(".") ? problem : problem + "."
        return field.isEmpty ? sentence.prefix(1).uppercased() + sentence.dropFirst() : "\(field): \(sentence)"
    }

    /// The field the error is about (`profile.firstName`, `items.[2]`), `nil` when it is about the whole body.
    var field: String? {
        let field = fieldAndProblem.field
        return field.isEmpty ? nil : field
    }

    private var fieldAndProblem: (field: String, problem: String) {
        let (path, problem): ([any CodingKey], String) =
            switch self {
            case .keyNotFound(let key, let context): (context.codingPath.dropLast() + [key], "missing")
            case .typeMismatch(let type, let context): (context.codingPath, Self.expectation(type, context))
            case .valueNotFound(let type, let context): (context.codingPath, Self.expectation(type, context))
            case .dataCorrupted(let context): (context.codingPath, context.debugDescription)
            @unknown default: ([], "the body could not be read")
            }
        return (path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "."), problem)
    }

    private static func expectation(_ type: Any.Type, _ context: Context) -> String {
        switch type {
        case is String.Type: "must be text"
        case is Bool.Type: "must be true or false"
        case is Int.Type, is Double.Type: "must be a number"
        default:
            context.debugDescription.hasPrefix("Expected") ? "has the wrong type" : context.debugDescription
        }
    }
}
