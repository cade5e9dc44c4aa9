import GrubmapHTTP

/// The page people see for an error: a title in their language, what went wrong (by the error's code and the
/// field it names), and a way back.
struct ErrorPage {
    let strings: Strings
    let error: HTTPError

    func render() -> [UInt8] {
        let title =
            switch error.status.code {
            case 404: strings.notFoundTitle
            case 503: strings.unavailableTitle
            case 500...: strings.serverErrorTitle
            default: strings.badRequestTitle
            }
        return Layout(strings: strings, title: title).render {
            el(.section, .class("error")) {
                el(.h1) { title }
                el(.p) { ErrorStrings.forLanguage(strings.language).explanation(error) }
                el(.p) { el(.a, .href(Paths.home())) { strings.goToStart } }
            }
        }
    }
}
