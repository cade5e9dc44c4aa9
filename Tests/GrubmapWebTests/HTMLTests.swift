import Testing

@testable import GrubmapWeb

@Suite struct HTMLTests {
    @Test func textAndAttributesAreEscaped() {
        let node = el(.a, .href("/x?a=1&b=\"2\"")) { "<b>Tom & Jerry's</b>" }
        #expect(node.html == "<a href=\"/x?a=1&amp;b=&quot;2&quot;\">&lt;b&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;</a>")
    }

    @Test func rawIsWrittenAsIs() {
        #expect(el(.p) { Node.raw("<br>") }.html == "<p><br></p>")
    }

    @Test func voidElementsHaveNoEndTag() {
        #expect(el(.input, .type("text"), Attribute("required", nil)).html == "<input type=\"text\" required>")
    }

    @Test func conditionalsAndLoopsBuildChildren() {
        let items = ["a", "b"]
        let show = false
        let node = el(.ul) {
            for item in items { el(.li) { item } }
            if show { el(.li) { "hidden" } }
        }
        #expect(node.html == "<ul><li>a</li><li>b</li></ul>")
    }
}

extension Node {
    /// The rendered bytes as text, to compare with what a test expects.
    var html: String { String(decoding: render(), as: UTF8.self) }
}
