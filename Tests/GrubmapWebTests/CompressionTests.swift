import Foundation
import GrubmapHTTP
import GrubmapTestTiers
import Testing

@testable import GrubmapWeb

/// What a phone on venue Wi-Fi receives: every page, API answer and text asset of the demo gzipped when the browser
/// accepts it, expanding to exactly the bytes sent to a client that does not.
@Suite struct CompressionTests {
    static let assets = Assets.files.keys.sorted().map { ("asset-\($0)", Assets.path($0)) }

    /// Each form from its own fresh demo, so that both draw the same random numbers (the pages' nonces).
    @Test(.tags(.slow), .leftOutOfMakeCheck) func everyAnswerExpandsToThePlainOne() throws {
        for (name, target) in SnapshotTests.pages + SnapshotTests.bodies + Self.assets {
            let plainDemo = try SnapshotTests.DemoApp()
            let gzipDemo = try SnapshotTests.DemoApp()
            defer { [plainDemo, gzipDemo].forEach { $0.cleanUp() } }
            let plain = try plainDemo.test.get(target)
            let gzipped = try gzipDemo.test.get(target, headers: ["Accept-Encoding": "gzip, deflate, br"])
            #expect(plain.headers["Content-Encoding"] == nil, "\(name)")
            #expect(gzipped.status == plain.status, "\(name)")
            // Pictures (the app's icons) are compressed already: they go as they are.
            guard plain.body.count >= 1024, ResponseCompression.isCompressible(plain.headers["Content-Type"] ?? "")
            else { continue }
            #expect(gzipped.headers["Content-Encoding"] == "gzip", "\(name)")
            #expect(gzipped.headers["Vary"]?.contains("Accept-Encoding") == true, "\(name)")
            #expect(try Gzip.decompress(gzipped.body, limit: 1 << 24) == plain.body, "\(name)")
        }
    }

    /// The first round trip of a new TCP connection carries about 14,600 bytes (ten segments): a page that fits
    /// is drawn without waiting for another.
    @Test func everyPageFitsTheFirstRoundTripGzipped() throws {
        let demo = try SnapshotTests.DemoApp()
        defer { demo.cleanUp() }
        for (name, target) in SnapshotTests.pages {
            let response = try demo.test.get(target, headers: ["Accept-Encoding": "gzip"])
            #expect(response.body.count <= 14_600, "\(name): \(response.body.count) bytes")
        }
    }

    @Test func anAssetsGzippedFormHasItsOwnValidatorAnd304sCarryNoBody() throws {
        let demo = try SnapshotTests.DemoApp()
        defer { demo.cleanUp() }
        let path = Assets.path("app.css")
        let gzipped = try demo.test.get(path, headers: ["Accept-Encoding": "gzip"])
        let plain = try demo.test.get(path)
        let gzipTag = try #require(gzipped.headers["ETag"])
        let plainTag = try #require(plain.headers["ETag"])
        #expect(gzipTag != plainTag)
        let revalidated = try demo.test.get(path, headers: ["Accept-Encoding": "gzip", "If-None-Match": gzipTag])
        #expect(revalidated.status == .notModified)
        #expect(revalidated.body.isEmpty)
        #expect(try demo.test.get(path, headers: ["If-None-Match": plainTag]).status == .notModified)
        #expect(try demo.test.get(path, headers: ["If-None-Match": gzipTag]).status == .ok)
    }
}

/// A returning phone revalidates what it shows (`Cache-Control: no-cache`): unchanged, it gets a bodiless 304;
/// once somebody checks in, the new answer.
@Suite struct ConditionalRequestTests {
    @Test(arguments: ["/places/alpha", "/api/v1/places/alpha", "/api/v1/areas/test-campus/places"])
    func anUnchangedAnswerIs304AndAChangedOneIsSentAgain(target: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let reader = try Person(test)
        _ = try reader.get(target)  // a first visit sets the device cookie: that answer is for it alone
        let first = try reader.get(target)
        let etag = try #require(first.headers["ETag"])
        let again = try reader.send(.get, target, headers: ["If-None-Match": etag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(again.headers["ETag"] == etag)

        let ada = try Person(test)
        _ = try CheckInTests().makeProfile(ada)
        _ = try ada.post("/places/alpha/checkin", [])
        let changed = try reader.send(.get, target, headers: ["If-None-Match": etag])
        #expect(changed.status == .ok)
        #expect(changed.headers["ETag"] != etag)
        #expect(changed.body != first.body)
    }

    @Test func aGzippedAnswersWeakValidatorRevalidatesToo() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let reader = try Person(test)
        let gzip: Headers = ["Accept-Encoding": "gzip"]
        _ = try reader.get("/places/alpha")
        let first = try reader.send(.get, "/places/alpha", headers: gzip)
        let etag = try #require(first.headers["ETag"])
        #expect(etag.hasPrefix("W/"))
        let again = try reader.send(.get, "/places/alpha", headers: ["Accept-Encoding": "gzip", "If-None-Match": etag])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
    }
}
