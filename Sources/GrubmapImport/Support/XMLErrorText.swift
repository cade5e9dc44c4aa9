/// Words for the libxml2 error codes (`xmlParserErrors` in libxml2's `xmlerror.h`) that bad files hit; libxml2's
/// own message for the rest.
enum XMLErrorText {
    /// `malformed XML: …`, in one line.
    static func describe(code: Int32, libxml2Message: String) -> String {
        let what: String =
            switch code {
            case 1 where libxml2Message.hasPrefix("Excessive depth"): "elements are nested more than 256 deep"
            case 4: "there is no XML element"
            case 5: "an element is not closed, or something follows the root element"
            case 9 where libxml2Message.contains("UTF-8"): "the file is not UTF-8, or not in the encoding it declares"
            case 9: "a character that XML does not allow"
            case 23: "an & that does not start an &entity;"
            case 26, 27: "an unknown &entity;"
            case 38...42: "an attribute is malformed"
            case 65: "a space is missing in a tag, or the file stops inside one (is it cut short?)"
            case 68: "a < that does not start a tag"
            case 73, 76: "a closing tag does not match the element it closes"
            case 77: "an element is not closed (is the file cut short?)"
            default:
                libxml2Message.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) }
                    ?? "libxml2 error \(code)"
            }
        return "malformed XML: \(what)"
    }
}
