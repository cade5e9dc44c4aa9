import Foundation

/// An SVG drawing from `Resources/Assets/icons`, read once at start and written into pages as it is: inline, so it
/// takes the text colour and costs no request.
///
/// Only the files can make one (the initializer is private), so no string made at run time reaches a page as
/// markup through it. A file's last newline is not part of the drawing.
public struct InlineSVG: Sendable {
    /// The file's name without `.svg`: `ride-car` for `icons/ride-car.svg`.
    public let name: String
    let markup: [UInt8]

    private init(name: String, markup: [UInt8]) {
        self.name = name
        self.markup = markup
    }

    /// Every drawing in the folder by name; none when the resources were not installed beside the binary.
    static let all: [String: InlineSVG] = {
        guard let folder = Assets.resourceFolder("icons") else { return [:] }
        var drawings: [String: InlineSVG] = [:]
        for (file, bytes) in Assets.files(in: folder, withExtension: "svg") {
            let name = String(file.dropLast(".svg".count))
            drawings[name] = InlineSVG(name: name, markup: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes)
        }
        return drawings
    }()

    /// The drawing `icons/{name}.svg`. A name with no file is a mistake in the source: the tests stop there; a
    /// server draws nothing in its place.
    static func named(_ name: String) -> InlineSVG {
        guard let drawing = all[name] else {
            assertionFailure("There is no Resources/Assets/icons/\(name).svg.")
            return InlineSVG(name: name, markup: [])
        }
        return drawing
    }
}

extension Node {
    /// The drawing `Resources/Assets/icons/{name}.svg`, inline.
    static func svg(_ name: StaticString) -> Node {
        .svg(InlineSVG.named(name.description))
    }
}
