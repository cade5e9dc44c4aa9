import CGnuTLS
import Foundation

/// Checks a certificate chain and its private key as GnuTLS will load them to serve HTTPS, so that a mistake is
/// named before the server starts rather than reported as "could not start".
public enum TLSCredentialCheck {
    /// What a good pair says about itself.
    public struct Summary: Sendable, Equatable {
        /// The first certificate's subject, like `CN=grubmap.local`.
        public let subject: String
        /// When the first certificate stops being valid.
        public let expires: Date
    }

    /// Checks that `certificate` is PEM with at least one certificate, `key` an unencrypted PEM private key, that
    /// they are a pair, and that the certificate is valid at `now`.
    public static func check(certificate: [UInt8], key: [UInt8], now: Date = Date()) throws(TLSCredentialError)
        -> Summary
    {
        let certificateText = String(decoding: certificate, as: UTF8.self)
        guard certificateText.contains("-----BEGIN CERTIFICATE-----") else { throw .noCertificate }
        let keyText = String(decoding: key, as: UTF8.self)
        if keyText.contains("-----BEGIN CERTIFICATE-----"), !keyText.contains("PRIVATE KEY-----") {
            throw .certificateGivenAsKey
        }
        guard keyText.contains("PRIVATE KEY-----") else { throw .noKey }
        if keyText.contains("ENCRYPTED") { throw .encryptedKey }

        // The first certificate of the chain is the server's own (GnuTLS reads the first PEM block).
        var parsed: gnutls_x509_crt_t?
        guard gnutls_x509_crt_init(&parsed) >= 0, let first = parsed else {
            throw .unreadableCertificate("GnuTLS could not allocate a certificate")
        }
        defer { gnutls_x509_crt_deinit(first) }
        let imported = certificate.withUnsafeBytes { bytes in
            var datum = gnutls_datum_t(
                data: UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)),
                size: UInt32(bytes.count))
            return gnutls_x509_crt_import(first, &datum, GNUTLS_X509_FMT_PEM)
        }
        guard imported >= 0 else { throw .unreadableCertificate(Self.reason(imported)) }
        let expires = Date(timeIntervalSince1970: TimeInterval(gnutls_x509_crt_get_expiration_time(first)))
        let activates = Date(timeIntervalSince1970: TimeInterval(gnutls_x509_crt_get_activation_time(first)))
        if expires < now { throw .expired(expires) }
        if activates > now { throw .notYetValid(activates) }
        var subject = [CChar](repeating: 0, count: 1024)
        var subjectSize = subject.count
        _ = gnutls_x509_crt_get_dn(first, &subject, &subjectSize)

        var credentials: gnutls_certificate_credentials_t?
        guard gnutls_certificate_allocate_credentials(&credentials) >= 0, let credentials else {
            throw .unreadableKey("GnuTLS could not allocate credentials")
        }
        defer { gnutls_certificate_free_credentials(credentials) }
        let paired = certificate.withUnsafeBytes { certificateBytes in
            key.withUnsafeBytes { keyBytes in
                var certificateDatum = gnutls_datum_t(
                    data: UnsafeMutablePointer(
                        mutating: certificateBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)),
                    size: UInt32(certificateBytes.count))
                var keyDatum = gnutls_datum_t(
                    data: UnsafeMutablePointer(mutating: keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)),
                    size: UInt32(keyBytes.count))
                return gnutls_certificate_set_x509_key_mem2(
                    credentials, &certificateDatum, &keyDatum, GNUTLS_X509_FMT_PEM, nil, 0)
            }
        }
        if paired == GNUTLS_E_CERTIFICATE_KEY_MISMATCH { throw .mismatch }
        guard paired >= 0 else { throw .unreadableKey(Self.reason(paired)) }
        return Summary(
            subject: String(decoding: subject.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self), expires: expires)
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: gnutls_strerror(code))
    }
}

/// Why a certificate or key cannot serve HTTPS.
public enum TLSCredentialError: Error, Equatable, Sendable, CustomStringConvertible {
    case noCertificate
    case noKey
    case certificateGivenAsKey
    case encryptedKey
    case unreadableCertificate(String)
    case unreadableKey(String)
    case mismatch
    case expired(Date)
    case notYetValid(Date)

    public var description: String {
        switch self {
        case .noCertificate: "the certificate file holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
        case .noKey: "the key file holds no PEM private key (-----BEGIN PRIVATE KEY-----)"
        case .certificateGivenAsKey: "the key file holds a certificate, not a private key (were the two swapped?)"
        case .encryptedKey: "the private key is encrypted; give it unencrypted (openssl pkey -in KEY -out PLAIN)"
        case .unreadableCertificate(let reason): "the certificate cannot be read: \(reason)"
        case .unreadableKey(let reason): "the private key cannot be read: \(reason)"
        case .mismatch: "the private key does not belong to the certificate"
        case .expired(let date): "the certificate expired on \(date.formatted(.iso8601))"
        case .notYetValid(let date): "the certificate is not valid before \(date.formatted(.iso8601))"
        }
    }
}
