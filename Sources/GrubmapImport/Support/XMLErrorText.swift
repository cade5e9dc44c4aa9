import Foundation

/// Words for the libxml2 error codes (`xmlParserErrors` in libxml2's `xmlerror.h`, which FoundationXML passes on as
/// the error's code) that bad files hit; the number for the rest.
enum XMLErrorText {
    static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        let what: String =
            switch code {
            case 4: "there is no XML element"
            case 5: "an element is not closed, or something follows the root element"
            case 9: "a character that XML does not allow (is the file UTF-8?)"
            case 23: "an & that does not start an &entity;"
            case 26, 27: "an unknown &entity;"
            case 38...42: "an attribute is malformed"
            case 65: "a space is missing in a tag, or the file stops inside one (is it cut short?)"
            case 68: "a < that does not start a tag"
            case 73, 76, 77: "a closing tag does not match the element it closes"
            default: "libxml2 error \(code)"
            }
        return "malformed XML: \(what)"
    }
}
