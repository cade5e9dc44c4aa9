import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore

extension Visitor {
    /// Who a report (a line, a sold-out meal) comes from, as the store keeps it: the session, else the device the
    /// browser's signed cookie names (not one made for this very request); 403 `device_required` for neither, so a
    /// report counts once per person.
    func reporterKey() throws -> ReporterKey {
        let person: ReporterKey.Person
        if let session {
            person = .session(token: session.token)
        } else if deviceIsKnown {
            person = .device(id: device.id)
        } else {
            throw HTTPError(
                .forbidden, code: "device_required",
                message: "Open a page of Grubmap first, or send a session, so the report counts once per person.")
        }
        // SHA-256 always gives 32 bytes.
        guard let key = ReporterKey(sha256: Digest.sha256(ReporterKey.digestInput(for: person))) else {
            throw HTTPError(.internalServerError, code: "internal_error", message: "The reporter could not be hashed.")
        }
        return key
    }
}
