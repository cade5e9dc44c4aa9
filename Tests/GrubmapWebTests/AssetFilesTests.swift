import Foundation
import Testing

@testable import GrubmapWeb

/// The style sheet and the icons are files in `Sources/GrubmapWeb/Resources/Assets`: what is in the folders is what
/// the pages get, with no list beside them that could leave a file out.
@Suite struct AssetFilesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/GrubmapWeb/Resources/Assets")

    static func sourceFiles(_ subfolder: String, _ pathExtension: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path)
            .filter { $0.hasSuffix("." + pathExtension) }.sorted()
    }

    /// Every `.css` file of `styles` is in the served `app.css`, in the order of the names, without its opening
    /// comment: a new file is served without being registered anywhere.
    @Test func theServedSheetIsEveryStyleFileInNameOrder() throws {
        let names = try Self.sourceFiles("styles", "css")
        #expect(names.count >= 10)
        #expect(Stylesheet.parts.map(\.name) == names)
        var expected: [String] = []
        for name in names {
            let file = try String(contentsOf: Self.folder.appendingPathComponent("styles/" + name), encoding: .utf8)
            #expect(file.hasPrefix("/*"), "\(name) opens with a comment saying which feature it styles")
            let rules = Stylesheet.served(file)
            #expect(!rules.isEmpty && !rules.contains("/*"), "\(name)")
            expected.append(rules)
        }
        let served = try #require(Assets.files["app.css"]).body
        #expect(served == Array(expected.joined(separator: "\n").utf8))
    }

    /// Only a file's first comment stays out of the sheet, and only its last newline.
    @Test func servedDropsTheOpeningCommentAndTheLastNewline() {
        #expect(Stylesheet.served("/* Menus.\n   More. */\na{b:c}\nd{e:f}\n") == "a{b:c}\nd{e:f}")
        #expect(Stylesheet.served("a{b:c}\n\n") == "a{b:c}\n")
        #expect(Stylesheet.served("a{b:c}/* kept */\n") == "a{b:c}/* kept */")
    }

    /// Every `.svg` file of `icons` is loaded as it is, without its last newline, and is a decorative drawing:
    /// one `svg` element hidden from screen readers (the text beside it or the control's label names it).
    @Test func everyIconFileIsOneHiddenDrawing() throws {
        let names = try Self.sourceFiles("icons", "svg")
        #expect(names.count >= 26)
        #expect(InlineSVG.all.keys.sorted() == names.map { String($0.dropLast(".svg".count)) }.sorted())
        for name in names {
            let file = try Data(contentsOf: Self.folder.appendingPathComponent("icons/" + name))
            let drawing = try #require(InlineSVG.all[String(name.dropLast(4))])
            #expect(drawing.markup == Array(file.dropLast()), "\(name) ends with one newline, which is not drawn")
            let markup = String(decoding: drawing.markup, as: UTF8.self)
            #expect(markup.hasPrefix("<svg ") && markup.hasSuffix("</svg>"), "\(name)")
            #expect(markup.components(separatedBy: "<svg").count == 2, "\(name)")
            #expect(markup.contains(#"aria-hidden="true""#), "\(name)")
        }
    }

    /// A drawing is written into the page byte for byte, beside escaped text.
    @Test func aDrawingIsInlinedAsItIs() throws {
        let close = try #require(InlineSVG.all["close"])
        let page = el(.button) {
            Node.svg("close")
            "<b>"
        }.html
        #expect(page == "<button>" + String(decoding: close.markup, as: UTF8.self) + "&lt;b&gt;</button>")
    }

    /// The onboarding icons are the `feature-` drawings; a name without one draws nothing.
    @Test func featureIconsAreTheFeatureDrawings() {
        #expect(Icons.featureNames == ["map-pin", "menu", "check-in", "friends", "car", "star"])
        #expect(Icons.feature("unknown").html == "")
        #expect(Icons.feature("menu").html.hasPrefix(#"<svg class="feature-icon""#))
    }
}
