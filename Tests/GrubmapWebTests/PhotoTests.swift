import CImaging
import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Meal photos as people add and see them: the API upload and the rating page's form, the pictures served without
/// the upload's metadata, one per person and meal of a day, and every refusal clear with nothing stored.
@Suite struct PhotoTests {
    typealias Ratings = RatingTests

    /// A phone's JPEG: `width`×`height` of one colour, with an EXIF block holding a GPS position and a comment.
    static func phoneJPEG(width: Int = 1600, height: Int = 1200) throws -> [UInt8] {
        let rgb = [UInt8]((0..<(width * height)).flatMap { _ in [UInt8(180), 90, 40] })
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rgb.withUnsafeBufferPointer {
            gm_encode_jpeg($0.baseAddress, Int32(width), Int32(height), 85, &output, &size)
        }
        defer { gm_free(output) }
        try #require(status == GM_IMAGE_OK)
        let jpeg = Array(UnsafeBufferPointer(start: try #require(output), count: size))
        let exif = Array("Exif\0\0MM\0*GPSLatitude 35.2333 GPSLongitude 129.0833".utf8)
        let comment = Array("Taken by a phone".utf8)
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        return Array(jpeg.prefix(2)) + segment(0xE1, exif) + segment(0xFE, comment) + jpeg.dropFirst(2)
    }

    /// A PNG that declares 20,000×20,000 pixels and holds none: what an image bomb looks like from its header.
    static let bomb: [UInt8] = {
        func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return be32(UInt32(data.count)) + typed + be32(~crc)
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be32(20_000) + be32(20_000) + [8, 2, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x01, 0x01, 0x01, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x01, 0x00, 0x01])
            + chunk("IEND", [])
    }()

    static func upload(
        _ person: Person, dish: Dish, bytes: [UInt8], type: String = "image/jpeg", date: String = "2026-11-09"
    ) throws -> Response {
        var headers = person.headers
        headers["Content-Type"] = type
        headers["X-CSRF-Token"] = try person.csrfToken()
        var request = try Request(
            method: .post, target: "/api/v1/me/photos?placeId=alpha&date=\(date)&dishId=\(dish.id)", headers: headers,
            body: bytes)
        request.remoteAddress = person.address
        return person.test.app.responder(request)
    }

    /// A person with a profile who rated today's 돈까스 at Alpha.
    static func rater(_ test: TestApp) throws -> Person {
        let person = try Ratings.rater(test)
        let cutlet = try Ratings.dish(test, "돈까스")
        _ = try person.get("/places/alpha")
        let rated = try person.post(
            "/dishes/\(cutlet.id)/rating", [("placeId", "alpha"), ("date", "2026-11-09"), ("stars", "4")])
        #expect(rated.status == .seeOther)
        return person
    }

    func json(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    func errorCode(_ response: Response) -> String? {
        (json(response)["error"] as? [String: Any])?["code"] as? String
    }

    @Test func anUploadIsServedWithoutItsMetadataAndShowsOnTheDishPageAndInItsAPI() throws {
        let test = try Ratings.app()
        defer { test.cleanUp() }
        let cutlet = try Ratings.dish(test, "돈까스")
        let ada = try Self.rater(test)
        let phone = try Self.phoneJPEG()
        let stored = try Self.upload(ada, dish: cutlet, bytes: phone)
        #expect(stored.status == .created)
        let body = json(stored)
        let id = try #require(body["id"] as? Int)
        #expect(body["url"] as? String == "/photos/\(id).jpg")
        #expect(body["thumbnailUrl"] as? String == "/photos/\(id)/thumbnail.jpg")

        let large = try test.get("/photos/\(id).jpg")
        #expect(large.status == .ok)
        #expect(large.headers["Content-Type"] == "image/jpeg")
        #expect(large.headers["Cache-Control"] == "public, max-age=86400")
        let thumbnail = try test.get("/photos/\(id)/thumbnail.jpg")
        for picture in [large.body, thumbnail.body] {
            #expect(picture.starts(with: [0xFF, 0xD8, 0xFF]))
            for trace in ["Exif", "GPS", "35.2333", "Taken by a phone"] {
                #expect(!String(decoding: picture, as: UTF8.self).contains(trace), "\(trace)")
            }
        }
        #expect(thumbnail.body.count < large.body.count)
        #expect(try test.get("/photos/\(id).png").status == .notFound)
        #expect(try test.get("/photos/abc.jpg").status == .notFound)

        let api = try test.json("/api/v1/dishes/\(cutlet.id)")
        #expect(
            (api["photos"] as? [[String: String]]) == [
                ["url": "/photos/\(id).jpg", "thumbnailUrl": "/photos/\(id)/thumbnail.jpg"]
            ])
        let page = String(decoding: try test.get("/dishes/\(cutlet.id)").body, as: UTF8.self)
        #expect(page.contains("<a class=\"meal-photo-link\" href=\"/photos/\(id).jpg\">"))
        #expect(
            page.contains(
                "src=\"/photos/\(id)/thumbnail.jpg\" width=\"320\" height=\"240\" alt=\"Photo of 돈까스\" loading=\"lazy\""
            ))
        #expect(page.contains("Ada L. · Alpha"))
        // The board shows the meal's newest thumbnail, loaded when scrolled near.
        let board = String(decoding: try test.get("/areas/test-campus/menus").body, as: UTF8.self)
        #expect(
            board.contains(
                "<a class=\"meal-photo-link\" href=\"/photos/\(id).jpg\"><img class=\"meal-photo\" "
                    + "src=\"/photos/\(id)/thumbnail.jpg\" width=\"320\" height=\"240\" alt=\"Photo of 돈까스\" "
                    + "loading=\"lazy\"></a>"))

        // A second photo of the same meal replaces the first, under a new address.
        let again = try Self.upload(ada, dish: cutlet, bytes: try Self.phoneJPEG(width: 300, height: 600))
        #expect(again.status == .created)
        let second = try #require(json(again)["id"] as? Int)
        #expect(second != id)
        #expect(try test.get("/photos/\(id).jpg").status == .notFound)
        let photos = try #require(try test.json("/api/v1/dishes/\(cutlet.id)")["photos"] as? [[String: String]])
        #expect(photos.map { $0["url"] } == ["/photos/\(second).jpg"])
        let newBoard = String(decoding: try test.get("/areas/test-campus/menus").body, as: UTF8.self)
        #expect(newBoard.contains("/photos/\(second)/thumbnail.jpg") && !newBoard.contains("/photos/\(id)/"))
    }

    @Test func refusedUploadsSayWhyAndStoreNothing() throws {
        let test = try Ratings.app()
        defer { test.cleanUp() }
        let cutlet = try Ratings.dish(test, "돈까스")
        let stew = try Ratings.dish(test, "김치찌개")
        let ada = try Self.rater(test)
        let phone = try Self.phoneJPEG(width: 64, height: 48)
        let refusals: [(Response, Status, String)] = [
            (
                try Self.upload(ada, dish: cutlet, bytes: phone, type: "image/gif"), .unsupportedMediaType,
                "unsupported_media_type"
            ),
            (
                try Self.upload(ada, dish: cutlet, bytes: phone, type: "application/octet-stream"),
                .unsupportedMediaType,
                "unsupported_media_type"
            ),
            (try Self.upload(ada, dish: cutlet, bytes: []), .badRequest, "invalid_image"),
            (
                try Self.upload(ada, dish: cutlet, bytes: Array(phone.prefix(phone.count / 2))), .badRequest,
                "invalid_image"
            ),
            (
                try Self.upload(ada, dish: cutlet, bytes: Array("<svg onload=alert(1)>".utf8)), .badRequest,
                "invalid_image"
            ),
            (
                try Self.upload(ada, dish: cutlet, bytes: Self.bomb, type: "image/png"), .contentTooLarge,
                "too_many_pixels"
            ),
            // Ada rated the cutlet, not the stew.
            (try Self.upload(ada, dish: stew, bytes: phone), .conflict, "not_rated"),
            (try Self.upload(ada, dish: cutlet, bytes: phone, date: "2026-11-06"), .badRequest, "not_rateable"),
        ]
        for (response, status, code) in refusals {
            #expect(response.status == status, "\(code)")
            #expect(errorCode(response) == code)
        }
        // Someone without a profile.
        let visitor = try Person(test)
        _ = try visitor.post("/settings", [("units", "metric")])
        let anonymous = try Self.upload(visitor, dish: cutlet, bytes: phone)
        #expect(anonymous.status == .conflict && errorCode(anonymous) == "profile_required")
        #expect(try test.store.photos(ofDish: cutlet.id, limit: 10).isEmpty)
        #expect(try test.store.photos(ofDish: stew.id, limit: 10).isEmpty)
        // The Korean page of an error says it in Korean.
        for code in ["invalid_image", "too_many_pixels", "not_rated", "invalid_photo"] {
            #expect(!ErrorStrings.korean(code: code, field: nil).contains("요청을 처리할 수 없어요"), "\(code)")
        }
    }

    @Test func theRatingPagesFormAddsAPhotoWithoutJavaScript() throws {
        let test = try Ratings.app()
        defer { test.cleanUp() }
        let cutlet = try Ratings.dish(test, "돈까스")
        let rating = "/dishes/\(cutlet.id)/rating?placeId=alpha&date=2026-11-09"
        let grace = try Ratings.rater(test)
        #expect(try grace.html(rating).contains("Save your rating first; then you can add a photo."))
        let ada = try Self.rater(test)
        let page = try ada.html(rating)
        #expect(page.contains("enctype=\"multipart/form-data\""))
        #expect(page.contains("action=\"/dishes/\(cutlet.id)/photo\""))
        #expect(
            page.contains(
                "type=\"file\" id=\"photo-file\" name=\"photo\" accept=\"image/jpeg,image/png,image/webp\" "
                    + "capture=\"environment\""))

        func post(_ picture: [UInt8]) throws -> Response {
            var headers = ada.headers
            headers["Content-Type"] = "multipart/form-data; boundary=x"
            var request = try Request(method: .post, target: "/dishes/\(cutlet.id)/photo", headers: headers)
            request.formParts = [
                FormPart(name: "csrf", data: Array(try ada.csrfToken().utf8)),
                FormPart(name: "placeId", data: Array("alpha".utf8)),
                FormPart(name: "date", data: Array("2026-11-09".utf8)),
                FormPart(name: "photo", filename: "IMG_0001.JPG", contentType: "image/jpeg", data: picture),
            ]
            return test.app.responder(request)
        }
        let broken = try post(Array("not a photo".utf8))
        #expect(broken.status == .seeOther)
        #expect(broken.headers["Location"] == rating + "&photo=invalid_image#photo")
        let brokenPage = try ada.html(rating + "&photo=invalid_image")
        #expect(brokenPage.contains("That file is not a whole JPEG, PNG or WebP image. Nothing was stored."))
        #expect(try test.store.photos(ofDish: cutlet.id, limit: 10).isEmpty)

        let added = try post(try Self.phoneJPEG())
        #expect(added.status == .seeOther)
        #expect(added.headers["Location"] == rating + "&photo=added#photo")
        let thanked = try ada.html(rating + "&photo=added")
        #expect(thanked.contains("Thanks! Your photo is added."))
        let photo = try #require(try test.store.photos(ofDish: cutlet.id, limit: 10).first)
        #expect(thanked.contains("src=\"/photos/\(photo.id)/thumbnail.jpg\" width=\"320\" height=\"240\""))
        #expect(thanked.contains("Replace your photo"))
    }

    @Test func onlyThePhotoRoutesTakeLargerBodies() throws {
        let test = try Ratings.app()
        defer { test.cleanUp() }
        var server = ServerConfiguration(port: 0)
        server.bodyLimits = test.app.bodyLimits
        let photo = PhotoImages.maximumBytes + 64 * 1024
        #expect(server.maximumBodyBytes(method: "POST", target: "/api/v1/me/photos?placeId=a&date=b") == photo)
        #expect(server.maximumBodyBytes(method: "POST", target: "/dishes/12/photo") == photo)
        #expect(server.maximumBodyBytes(method: "POST", target: "/dishes/12/rating") == 1 << 20)
        #expect(server.maximumBodyBytes(method: "POST", target: "/dishes//photo") == 1 << 20)
        #expect(server.maximumBodyBytes(method: "PUT", target: "/api/v1/me/photos") == 1 << 20)
        #expect(server.maximumBodyBytes(method: "POST", target: "/profile") == 1 << 20)
        // Only the whole path: not one segment more or less, nor a trailing slash.
        #expect(server.maximumBodyBytes(method: "POST", target: "/dishes/12/photo/") == 1 << 20)
        #expect(server.maximumBodyBytes(method: "POST", target: "/dishes/12/photo/x") == 1 << 20)
        #expect(server.maximumBodyBytes(method: "POST", target: "/dishes/12") == 1 << 20)
        #expect(server.maximumBodyBytes(method: "POST", target: "/dishes/12/photos") == 1 << 20)
        #expect(server.maximumBodyBytes(method: "POST", target: "") == 1 << 20)
    }

    @Test func peopleReportPhotosAndTheAreasOperatorsHideOrKeepThem() throws {
        let test = try Ratings.app()
        defer { test.cleanUp() }
        let cutlet = try Ratings.dish(test, "돈까스")
        let ada = try Self.rater(test)
        let id = try #require(json(try Self.upload(ada, dish: cutlet, bytes: try Self.phoneJPEG()))["id"] as? Int)

        // Two visitors report it; the same one twice counts once.
        let reader = try Person(test)
        let page = try reader.html("/dishes/\(cutlet.id)")
        #expect(page.contains("action=\"/dishes/\(cutlet.id)/photo-flag\""))
        #expect(page.contains("aria-label=\"Report the photo of Ada L. to the organisers\""))
        let flagged = try reader.post("/dishes/\(cutlet.id)/photo-flag", [("photo", String(id))])
        #expect(flagged.headers["Location"] == "/dishes/\(cutlet.id)?photoFlagged=1#photos")
        #expect(
            try reader.html("/dishes/\(cutlet.id)?photoFlagged=1").contains("Thanks. The organisers will look at it."))
        _ = try reader.post("/dishes/\(cutlet.id)/photo-flag", [("photo", String(id))])
        #expect(try test.store.photo(id: Int64(id))?.flags == 1)
        let stew = try Ratings.dish(test, "김치찌개")
        #expect(try reader.post("/dishes/\(stew.id)/photo-flag", [("photo", String(id))]).status == .notFound)
        #expect(try reader.post("/dishes/\(cutlet.id)/photo-flag", [("photo", "x")]).status == .notFound)

        // The area's operator sees its thumbnail, must give a reason, and hides it.
        let console = try ConsoleTests.signedIn(test, "mod@example.org")
        let csrf = try ConsoleTests.consoleCSRF(console)
        let moderation = try console.html("/admin/areas/test-campus/moderation")
        #expect(moderation.contains("src=\"/photos/\(id)/thumbnail.jpg\""))
        #expect(moderation.contains("alt=\"Flagged photo of 돈까스\"") && moderation.contains("flagged once"))
        let noReason = try console.post(
            "/admin/areas/test-campus/moderation/photo", [("photo", String(id)), ("action", "hide")], csrf: csrf)
        #expect(noReason.status == .unprocessableContent)
        #expect(try test.get("/photos/\(id).jpg").status == .ok)
        // Another area's operator cannot reach it.
        let outsider = try ConsoleTests.signedIn(test, "far@example.org", area: TestApp.secondArea.id)
        #expect(
            try outsider.post(
                "/admin/areas/another-area/moderation/photo",
                [("photo", String(id)), ("action", "hide"), ("reason", "x")],
                csrf: try ConsoleTests.consoleCSRF(outsider)
            ).status == .notFound)
        #expect(try test.store.photo(id: Int64(id))?.hiddenReason == nil)
        let hidden = try console.post(
            "/admin/areas/test-campus/moderation/photo",
            [("photo", String(id)), ("action", "hide"), ("reason", "Not a meal")], csrf: csrf)
        #expect(hidden.status == .seeOther)
        #expect(try test.get("/photos/\(id).jpg").status == .notFound)
        #expect(try test.get("/photos/\(id)/thumbnail.jpg").status == .notFound)
        #expect(!(try reader.html("/dishes/\(cutlet.id)")).contains("/photos/\(id)"))
        #expect(!(try reader.html("/areas/test-campus/menus")).contains("/photos/\(id)"))
        #expect(!(try console.html("/admin/areas/test-campus/moderation")).contains("/photos/\(id)"))
        // Its author sees why.
        let own = try ada.html("/dishes/\(cutlet.id)/rating?placeId=alpha&date=2026-11-09")
        #expect(own.contains("An organiser hid your photo from others: Not a meal."))
        let audit = try console.html("/admin/areas/test-campus/audit?action=photo.hide")
        #expect(audit.contains("hidden: Not a meal"))

        // Kept: shown again.
        #expect(
            try console.post(
                "/admin/areas/test-campus/moderation/photo",
                [("photo", String(id)), ("action", "keep"), ("reason", "A meal after all")], csrf: csrf
            ).status == .seeOther)
        #expect(try test.get("/photos/\(id).jpg").status == .ok)
        #expect(try console.html("/admin/areas/test-campus/audit?action=photo.keep").contains("kept: A meal after all"))
    }
}
