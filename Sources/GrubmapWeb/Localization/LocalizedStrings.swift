import GrubmapCore

/// A table of interface words in one language, each written once with every language beside it:
/// `var save: String { text(en: "Save", ko: "저장") }`. A string without its Korean does not compile, and a
/// formatted string is a function (or a switch of ``text(en:ko:)`` by case) in the same place.
///
/// A table holds only its language: reading a string picks one of two values already in the binary, so a page
/// costs what a stored property would; a formatted string builds only the chosen language's text.
protocol LocalizedStrings: Sendable {
    var language: Language { get }
}

extension LocalizedStrings {
    /// The English or the Korean, whichever this table speaks; the other is never built.
    @inline(__always)
    func text(en english: @autoclosure () -> String, ko korean: @autoclosure () -> String) -> String {
        language == .korean ? korean() : english()
    }
}
