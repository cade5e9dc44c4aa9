import Foundation
import GrubmapCore
import GrubmapStore
import Testing

@Suite("Profiles and check-ins")
struct CheckInStoreTests {
    static let area = Area(
        id: try! Area.ID("campus"), name: LocalizedText("Campus"), center: try! Coordinate(latitude: 35, longitude: 129),
        bounds: try! Bounds(
            southWest: Coordinate(latitude: 34.9, longitude: 128.9), northEast: Coordinate(latitude: 35.1, longitude: 129.1)),
        timeZone: "Asia/Seoul", currency: "KRW", locale: "ko-KR")

    static func place(_ id: String) -> Place {
        Place(
            id: try! Place.ID(id), areaID: area.id, name: LocalizedText(id), kind: .cafeteria,
            coordinate: try! Coordinate(latitude: 35, longitude: 129))
    }

    /// A store with two places and `people` sessions, each with a profile.
    static func withPeople(_ people: Int, _ body: (SQLiteStore, [Profile]) throws -> Void) throws {
        try withTemporaryPath { path in
            let store = try SQLiteStore(path: path)
            try store.save(area: area, places: [place("a"), place("b")])
            var profiles: [Profile] = []
            for index in 0..<people {
                let token = String(repeating: Character(UnicodeScalar(UInt8(65 + index))), count: 43)
                try store.createSession(
                    Session(token: token, csrfToken: "c", createdAt: Date(timeIntervalSince1970: 0),
                        expiresAt: Date(timeIntervalSince1970: 4_000_000_000)))
                let profile = Profile(id: try Profile.ID("p\(index)"), firstName: "P\(index)", lastName: "Q")
                try store.saveProfile(profile, sessionToken: token, avatar: .keep)
                profiles.append(profile)
            }
            try body(store, profiles)
        }
    }

    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + seconds) }

    @Test func profilesAndAvatarsRoundTrip() throws {
        try Self.withPeople(1) { store, profiles in
            let token = String(repeating: "A", count: 43)
            var profile = profiles[0]
            #expect(try store.profile(sessionToken: token) == profile)
            let picture = try Avatar(bytes: [0xFF, 0xD8, 0xFF, 0x00, 0x00, 0xFF, 0xD9])
            try store.saveProfile(profile, sessionToken: token, avatar: .replace(picture))
            profile.avatarType = .jpeg
            #expect(try store.profile(id: profile.id) == profile)
            #expect(try store.avatar(profileID: profile.id) == picture)
            profile.bio = "새 소개"
            try store.saveProfile(profile, sessionToken: token, avatar: .keep)
            #expect(try store.profile(id: profile.id)?.bio == "새 소개")
            #expect(try store.avatar(profileID: profile.id) == picture)
            try store.saveProfile(profile, sessionToken: token, avatar: .remove)
            #expect(try store.avatar(profileID: profile.id) == nil)
            #expect(try store.profile(id: profile.id)?.avatarType == nil)
        }
    }

    @Test func aProfileHasOneCheckInThatMovesAndEnds() throws {
        try Self.withPeople(2) { store, profiles in
            try store.checkIn(CheckIn(profileID: profiles[0].id, placeID: Self.place("a").id, startedAt: Self.at(0), expiresAt: Self.at(100)))
            try store.checkIn(CheckIn(profileID: profiles[1].id, placeID: Self.place("a").id, startedAt: Self.at(5), expiresAt: Self.at(100)))
            #expect(try store.presence(atPlace: Self.place("a").id, at: Self.at(10)).map(\.profile.id) == [profiles[1].id, profiles[0].id])
            try store.checkIn(CheckIn(profileID: profiles[0].id, placeID: Self.place("b").id, startedAt: Self.at(20), expiresAt: Self.at(120)))
            let presence = try store.presence(inArea: Self.area.id, at: Self.at(30), sample: 4)
            #expect(presence[Self.place("a").id]?.count == 1)
            #expect(presence[Self.place("b").id]?.count == 1)
            #expect(try store.checkOut(profileID: profiles[0].id))
            #expect(!(try store.checkOut(profileID: profiles[0].id)))
            #expect(try store.checkIn(profileID: profiles[0].id, activeAt: Self.at(30)) == nil)
        }
    }

    @Test func expiredCheckInsNeverShow() throws {
        try Self.withPeople(1) { store, profiles in
            try store.checkIn(CheckIn(profileID: profiles[0].id, placeID: Self.place("a").id, startedAt: Self.at(0), expiresAt: Self.at(60)))
            #expect(try store.presence(inArea: Self.area.id, at: Self.at(59), sample: 4)[Self.place("a").id]?.count == 1)
            #expect(try store.presence(inArea: Self.area.id, at: Self.at(60), sample: 4).isEmpty)
            #expect(try store.presence(atPlace: Self.place("a").id, at: Self.at(60)).isEmpty)
            #expect(try store.checkIn(profileID: profiles[0].id, activeAt: Self.at(60)) == nil)
        }
    }

    @Test func concurrentCheckInsOfManyPeopleLeaveExactCounts() throws {
        try Self.withPeople(20) { store, profiles in
            onThreads(20) { index in
                for round in 0..<5 {
                    try? store.checkIn(
                        CheckIn(profileID: profiles[index].id, placeID: Self.place(round % 2 == 0 ? "a" : "b").id,
                            startedAt: Self.at(Double(round)), expiresAt: Self.at(1000)))
                }
            }
            let presence = try store.presence(inArea: Self.area.id, at: Self.at(10), sample: 4)
            #expect(presence[Self.place("a").id]?.count == 20)
            #expect(presence[Self.place("b").id] == nil)
            #expect(presence[Self.place("a").id]?.newest.count == 4)
        }
    }

    @Test func deletingASessionDeletesItsProfileAndCheckIn() throws {
        try Self.withPeople(1) { store, profiles in
            try store.checkIn(CheckIn(profileID: profiles[0].id, placeID: Self.place("a").id, startedAt: Self.at(0), expiresAt: Self.at(100)))
            #expect(try store.deleteSessions(expiredBefore: Date(timeIntervalSince1970: 5_000_000_000)) == 1)
            #expect(try store.profile(id: profiles[0].id) == nil)
            #expect(try store.presence(atPlace: Self.place("a").id, at: Self.at(10)).isEmpty)
        }
    }
}
