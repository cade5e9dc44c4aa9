import GrubmapHTTP

/// The page people see for an error: a title in their language, what went wrong, and a way back.
struct ErrorPage {
    let strings: Strings
    let error: HTTPError

    func render() -> String {
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
                el(.p) { strings.errorExplanation(error.code) ?? error.message }
                el(.p) { el(.a, .href(Paths.home())) { strings.goToStart } }
            }
        }
    }
}
