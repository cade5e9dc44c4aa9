import Foundation
import GrubmapCore

/// The onboarding content in every language Grubmap speaks, checked to be one content in translation.
public struct OnboardingCatalog: Sendable, Equatable {
    private let contents: [Language: OnboardingContent]

    /// Checks and keeps the content per language: every language present, every icon known, the same version
    /// and shape in each. Throws ``OnboardingCatalogError`` naming the language and the problem.
    public init(_ contents: [Language: OnboardingContent]) throws(OnboardingCatalogError) {
        for language in Language.allCases {
            guard let content = contents[language] else { throw .missing(language) }
            if let problem = content.problem(knownIcons: Icons.featureNames) {
                throw .invalid(language, problem)
            }
        }
        let english = contents[.english]!
        for (language, content) in contents where !content.matchesShape(of: english) {
            throw .invalid(language, "its version, pages, rows or icons differ from the English content's")
        }
        self.contents = contents
    }

    /// The content version every language shares.
    public var version: Int { contents[.english]!.version }

    /// The content in `language`.
    public func content(in language: Language) -> OnboardingContent { contents[language]! }

    /// The content Grubmap ships with.
    public static func bundled() throws -> OnboardingCatalog {
        guard let folder = Bundle.module.url(forResource: "Onboarding", withExtension: nil) else {
            throw OnboardingCatalogError.unreadable("Onboarding", "the bundled folder is missing")
        }
        return try load(folder: folder)
    }

    /// Reads `en.json` and `ko.json` from `folder`, as an organiser's own content.
    public static func load(folder: URL) throws -> OnboardingCatalog {
        var contents: [Language: OnboardingContent] = [:]
        for language in Language.allCases {
            let file = folder.appendingPathComponent("\(language.rawValue).json")
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw OnboardingCatalogError.unreadable(file.path, "cannot be read")
            }
            do {
                contents[language] = try JSONDecoder().decode(OnboardingContent.self, from: data)
            } catch {
                throw OnboardingCatalogError.unreadable(file.path, "is not onboarding content: \(error)")
            }
        }
        return try OnboardingCatalog(contents)
    }
}

/// Why onboarding content was refused.
public enum OnboardingCatalogError: Error, Equatable, CustomStringConvertible {
    case missing(Language)
    case invalid(Language, String)
    case unreadable(String, String)

    public var description: String {
        switch self {
        case .missing(let language): "onboarding content for \(language.rawValue) is missing"
        case .invalid(let language, let problem): "onboarding content (\(language.rawValue)): \(problem)"
        case .unreadable(let path, let problem): "\(path) \(problem)"
        }
    }
}
