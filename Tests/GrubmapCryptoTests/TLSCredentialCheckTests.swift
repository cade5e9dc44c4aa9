import Foundation
import GrubmapCrypto
import Testing

/// Certificates made by `openssl` into a temporary folder, as an operator would make them.
@Suite struct TLSCredentialCheckTests {
    private struct Pair {
        let certificate: [UInt8]
        let key: [UInt8]
    }

    private static func make(days: Int = 30, name: String = "grubmap.test") throws -> Pair {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grubmap-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "\(days)",
            "-subj", "/CN=\(name)", "-keyout", folder.appendingPathComponent("key.pem").path,
            "-out", folder.appendingPathComponent("cert.pem").path,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Pair(
            certificate: Array(try Data(contentsOf: folder.appendingPathComponent("cert.pem"))),
            key: Array(try Data(contentsOf: folder.appendingPathComponent("key.pem"))))
    }

    @Test func aGoodPairPasses() throws {
        let pair = try Self.make()
        let summary = try TLSCredentialCheck.check(certificate: pair.certificate, key: pair.key)
        #expect(summary.subject.contains("grubmap.test"))
        #expect(summary.expires > Date())
    }

    @Test func mistakesAreNamed() throws {
        let pair = try Self.make()
        let other = try Self.make()
        func reason(_ certificate: [UInt8], _ key: [UInt8], now: Date = Date()) -> TLSCredentialError? {
            do {
                _ = try TLSCredentialCheck.check(certificate: certificate, key: key, now: now)
                return nil
            } catch {
                return error
            }
        }
        #expect(reason(pair.certificate, other.key) == .mismatch)
        #expect(reason(pair.key, pair.certificate) == .noCertificate)
        #expect(reason(pair.certificate, pair.certificate) == .certificateGivenAsKey)
        #expect(reason(Array("hello".utf8), pair.key) == .noCertificate)
        #expect(
            reason(pair.certificate, Array("-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----\n".utf8))
                != nil)
        let garbled = Array("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".utf8)
        if case .unreadableCertificate = reason(garbled, pair.key) {} else { Issue.record("garbled accepted") }
        let later = Date().addingTimeInterval(40 * 24 * 3600)
        if case .expired = reason(pair.certificate, pair.key, now: later) {} else { Issue.record("expiry unseen") }
        #expect(TLSCredentialError.mismatch.description == "the private key does not belong to the certificate")
    }
}
