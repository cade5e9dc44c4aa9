import Foundation

/// The one small style sheet, served as the fingerprinted asset `app.css`: mobile first, light and dark, system
/// fonts.
///
/// Its rules are files, one per feature, in `Resources/Assets/styles`: every `.css` file there is joined in the
/// order of the names (`00-base.css` first; the number places a feature in the cascade), a newline between two.
/// A file may open with one `/* … */` comment for its readers; that comment and the file's last newline are not
/// served. No list to keep: a new file is in the sheet as soon as it is in the folder.
enum Stylesheet {
    /// One file of the sheet: its name (`50-menus.css`) and the rules it adds.
    struct Part: Sendable {
        let name: String
        let css: String
    }

    /// Every part, in the order of their names; none when the resources were not installed beside the binary.
    static let parts: [Part] = {
        guard let folder = Assets.resourceFolder("styles") else { return [] }
        return Assets.files(in: folder, withExtension: "css").map { name, bytes in
            Part(name: name, css: served(String(decoding: bytes, as: UTF8.self)))
        }
    }()

    /// The sheet as served.
    static let css = parts.map(\.css).joined(separator: "\n")

    /// A file's text without its opening comment and its last newline.
    static func served(_ file: String) -> String {
        var text = Substring(file)
        if text.hasPrefix("/*"), let end = text.range(of: "*/\n") { text = text[end.upperBound...] }
        if text.hasSuffix("\n") { text = text.dropLast() }
        return String(text)
    }
}
