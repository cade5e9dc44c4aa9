import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Synchronization
import Testing

/// Operators, set-up links, operator sessions, failed sign-ins and the console's audited changes, on every database.
@Suite("Store: operators and the console")
struct OperatorStoreTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func audit(_ action: String, area: Area.ID? = Fixtures.busan.id, subject: String = "x") -> AuditEntry {
        AuditEntry(
            at: now, actor: "cli", actorName: "command line", areaID: area, action: action, subject: subject,
            before: nil, after: "after")
    }

    static func editor(_ email: String = "kim@example.org", areas: [Area.ID] = [Fixtures.busan.id]) throws -> Operator {
        Operator(
            id: try Operator.ID("op-" + email.prefix(3)), email: email, role: .editor, areaIDs: areas, createdAt: now)
    }

    private func withAreas(_ kind: StoreKind, _ body: (any Store) throws -> Void) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            try store.save(area: Fixtures.sanJose, places: [])
            try body(store)
        }
    }

    @Test(arguments: StoreKind.tested)
    func setUpLinkWorksOnceBeforeItExpires(kind: StoreKind) throws {
        try withAreas(kind) { store throws in
            let account = try Self.editor()
            try store.createOperator(
                account, setupToken: "link-token", setupExpiresAt: Self.now.addingTimeInterval(3600),
                audit: Self.audit("operator.add"))
            #expect(try store.operators().map(\.email) == ["kim@example.org"])
            #expect(try store.setupLink(token: "link-token")?.usedAt == nil)
            #expect(try store.setupLink(token: "other") == nil)
            // Expired: nothing changes.
            #expect(
                try store.completeSetup(token: "link-token", passwordHash: "h", at: Self.now.addingTimeInterval(7200))
                    == nil)
            let done = try store.completeSetup(token: "link-token", passwordHash: "hash", at: Self.now)
            #expect(done?.hasPassword == true)
            #expect(try store.completeSetup(token: "link-token", passwordHash: "again", at: Self.now) == nil)
            #expect(try store.setupLink(token: "link-token")?.usedAt == Self.now)
            #expect(try store.operatorCredentials(email: "kim@example.org")?.passwordHash == "hash")
            #expect(throws: StoreError.duplicateEmail("kim@example.org")) {
                try store.createOperator(
                    Operator(
                        id: try Operator.ID("other"), email: "kim@example.org", role: .admin,
                        areaIDs: [Fixtures.busan.id], createdAt: Self.now),
                    setupToken: "t2", setupExpiresAt: Self.now, audit: Self.audit("operator.add"))
            }
            #expect(throws: StoreError.unknownArea(id: "nowhere")) {
                try store.createOperator(
                    try Self.editor("lee@example.org", areas: [try Area.ID("nowhere")]), setupToken: "t3",
                    setupExpiresAt: Self.now, audit: Self.audit("operator.add"))
            }
            #expect(try store.operators().count == 1)
        }
    }

    @Test(arguments: StoreKind.tested)
    func sessionsSecondFactorsAndResets(kind: StoreKind) throws {
        try withAreas(kind) { store throws in
            let account = try Self.editor()
            try store.createOperator(
                account, setupToken: "link", setupExpiresAt: Self.now.addingTimeInterval(60),
                audit: Self.audit("operator.add"))
            let session = OperatorSession(
                token: "session-token", operatorID: account.id, csrfToken: "csrf", createdAt: Self.now,
                lastSeenAt: Self.now)
            try store.createOperatorSession(session)
            #expect(try store.operatorSession(token: "session-token")?.account.email == "kim@example.org")
            try store.touchOperatorSession(token: "session-token", at: Self.now.addingTimeInterval(600))
            #expect(
                try store.operatorSession(token: "session-token")?.session.lastSeenAt
                    == Self.now.addingTimeInterval(600))
            // The code that turned it on (step 9) is used up with it.
            try store.setSecondFactor(
                operatorID: account.id, secret: [1, 2, 3], acceptedStep: 9, audit: Self.audit("operator.2fa"))
            #expect(try !store.acceptSecondFactorStep(operatorID: account.id, step: 9))
            #expect(try store.operatorCredentials(email: account.email)?.secondFactorSecret == [1, 2, 3])
            #expect(try store.operatorAccount(id: account.id)?.hasSecondFactor == true)
            #expect(try store.acceptSecondFactorStep(operatorID: account.id, step: 10))
            #expect(try !store.acceptSecondFactorStep(operatorID: account.id, step: 10))
            #expect(try store.acceptSecondFactorStep(operatorID: account.id, step: 11))
            try store.resetOperator(
                id: account.id, setupToken: "new-link", setupExpiresAt: Self.now.addingTimeInterval(60),
                audit: Self.audit("operator.reset"))
            #expect(try store.operatorSession(token: "session-token") == nil)
            #expect(try store.operatorCredentials(email: account.email)?.secondFactorSecret == nil)
            #expect(try store.setupLink(token: "link") == nil)
            #expect(try store.setupLink(token: "new-link") != nil)
            try store.createOperatorSession(session)
            #expect(try store.deleteOperatorSessions(endedBefore: Self.now.addingTimeInterval(13 * 3600)) == 1)
            #expect(try store.removeOperator(id: account.id, audit: Self.audit("operator.remove")))
            #expect(try store.operators().isEmpty)
        }
    }

    static let rule = AttemptRule(freeAttempts: 5, longestWaitSeconds: 900, forgetAfterSeconds: 86400)

    @Test(arguments: StoreKind.tested)
    func signInAttemptsWaitAfterTheFreeOnesAndAreForgottenADayLater(kind: StoreKind) throws {
        try withAreas(kind) { store throws in
            let limits = [
                SignInLimit(key: "pair:1.2.3.4 a", rule: Self.rule, kind: .stops),
                SignInLimit(key: "account:a", rule: Self.rule, kind: .asksForProof),
            ]
            var now = Self.now
            for _ in 0..<5 {
                #expect(try store.reserveSignInAttempt(limits, at: now) == .counted(proofWaitSeconds: nil))
            }
            // The sixth waits 2 s after the fifth; a refused attempt counts nothing, so the wait does not grow.
            #expect(try store.reserveSignInAttempt(limits, at: now) == .refused(retryAfterSeconds: 2))
            now.addTimeInterval(1)
            #expect(try store.reserveSignInAttempt(limits, at: now) == .refused(retryAfterSeconds: 1))
            now.addTimeInterval(1)
            #expect(try store.reserveSignInAttempt(limits, at: now) == .counted(proofWaitSeconds: nil))
            #expect(try store.reserveSignInAttempt(limits, at: now) == .refused(retryAfterSeconds: 4))
            // A limit that asks for proof lets the attempt be checked, and says how long it holds.
            let spread = [SignInLimit(key: "account:a", rule: Self.rule, kind: .asksForProof)]
            #expect(try store.reserveSignInAttempt(spread, at: now) == .counted(proofWaitSeconds: 4))
            // A day after the latest failure, the key starts again.
            now.addTimeInterval(86400)
            for _ in 0..<5 {
                #expect(try store.reserveSignInAttempt(limits, at: now) == .counted(proofWaitSeconds: nil))
            }
            #expect(try store.reserveSignInAttempt(limits, at: now) == .refused(retryAfterSeconds: 2))
            #expect(try store.deleteSignInFailures(before: now) == 0)
            #expect(try store.deleteSignInFailures(before: now.addingTimeInterval(1)) == 2)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aSuccessClearsItsKeysAndGivesTheAttemptBack(kind: StoreKind) throws {
        try withAreas(kind) { store throws in
            let address = SignInLimit(key: "address:1.2.3.4", rule: Self.rule, kind: .stops)
            let pair = SignInLimit(key: "pair:1.2.3.4 a", rule: Self.rule, kind: .stops)
            for _ in 0..<4 { _ = try store.reserveSignInAttempt([pair, address], at: Self.now) }
            // Four failures and one success from the address: the success is taken back, the pair forgotten.
            _ = try store.reserveSignInAttempt([pair, address], at: Self.now)
            try store.signInSucceeded(clearing: [pair.key], uncounting: [address.key])
            #expect(try store.reserveSignInAttempt([address], at: Self.now) == .counted(proofWaitSeconds: nil))
            #expect(try store.reserveSignInAttempt([address], at: Self.now) == .refused(retryAfterSeconds: 2))
            for _ in 0..<5 {
                #expect(try store.reserveSignInAttempt([pair], at: Self.now) == .counted(proofWaitSeconds: nil))
            }
            #expect(try store.reserveSignInAttempt([pair], at: Self.now) == .refused(retryAfterSeconds: 2))
        }
    }

    @Test(arguments: StoreKind.tested)
    func anAccountCountsAtMostTheFreeAttemptsOfEachAddress(kind: StoreKind) throws {
        try withAreas(kind) { store throws in
            let spread = AttemptRule(freeAttempts: 7, longestWaitSeconds: 900, forgetAfterSeconds: 86400)
            func limits(_ address: String) -> [SignInLimit] {
                [
                    SignInLimit(key: "pair:\(address) a", rule: Self.rule, kind: .stops),
                    SignInLimit(
                        key: "account:a", rule: spread, kind: .asksForProof, countedWhileFree: "pair:\(address) a"),
                ]
            }
            // One address guessing for hours, each time its wait is over,, adds its 5 free failures and no more.
            var now = Self.now
            for _ in 0..<40 {
                if case .refused(let wait) = try store.reserveSignInAttempt(limits("1.1.1.1"), at: now) {
                    now.addTimeInterval(TimeInterval(wait))
                }
            }
            #expect(try store.reserveSignInAttempt(limits("2.2.2.2"), at: now) == .counted(proofWaitSeconds: nil))
            #expect(try store.reserveSignInAttempt(limits("2.2.2.2"), at: now) == .counted(proofWaitSeconds: nil))
            // A second address's guesses add theirs: the account now asks for proof.
            #expect(try store.reserveSignInAttempt(limits("3.3.3.3"), at: now) == .counted(proofWaitSeconds: 2))
        }
    }

    /// The repro of the report: attempts sent together all passed one check before any was counted. Each check and
    /// count is one transaction now: of 10 threads trying at the same instant, exactly the 5 free ones go through.
    @Test(arguments: StoreKind.tested)
    func attemptsSentTogetherAreCheckedOneAfterAnother(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            _ = try database.openStore()
            for round in 0..<5 {
                let limits = [
                    SignInLimit(key: "pair:127.0.0.1 r\(round)", rule: Self.rule, kind: .stops),
                    SignInLimit(key: "address:127.0.0.\(round)", rule: Self.rule, kind: .asksForProof),
                    SignInLimit(key: "account:r\(round)", rule: Self.rule, kind: .asksForProof),
                ]
                // Two stores, as two servers on one database would have.
                let stores = [
                    try database.openStore(maximumConnections: 5), try database.openStore(maximumConnections: 5),
                ]
                let results = Mutex<[SignInReservation]>([])
                let failures = Failures()
                onThreads(10) { index in
                    do {
                        let result = try stores[index % 2].reserveSignInAttempt(limits, at: Self.now)
                        results.withLock { $0.append(result) }
                    } catch {
                        failures.add("\(error)")
                    }
                }
                #expect(failures.all.isEmpty)
                let counted = results.withLock { $0 }.filter { $0 == .counted(proofWaitSeconds: nil) }.count
                let refused = results.withLock { $0 }.filter { $0 == .refused(retryAfterSeconds: 2) }.count
                #expect(counted == 5 && refused == 5, "round \(round): \(counted) counted, \(refused) refused")
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func aPlaceIsMadeOnlyWithAnIDNoAreaHas(kind: StoreKind) throws {
        try withAreas(kind) { store throws in
            let made = Fixtures.place("new-hall", in: Fixtures.sanJose)
            try store.createPlace(made, audit: Self.audit("place.create", area: Fixtures.sanJose.id))
            #expect(try store.place(id: made.id) == made)
            // Taken in another area, and by an archived place: refused, and nothing changes (the audit neither).
            try store.archivePlace(id: Fixtures.geumjeongHall.id, at: Self.now, audit: Self.audit("place.archive"))
            for taken in [
                Fixtures.place("new-hall", in: Fixtures.busan), Fixtures.place("new-hall", in: Fixtures.sanJose),
                Fixtures.place(Fixtures.geumjeongHall.id.rawValue, in: Fixtures.sanJose),
            ] {
                #expect(throws: StoreError.placeIDTaken(id: taken.id.rawValue)) {
                    try store.createPlace(taken, audit: Self.audit("place.create"))
                }
            }
            #expect(try store.place(id: made.id) == made)
            #expect(try store.consolePlace(id: Fixtures.geumjeongHall.id)?.place == Fixtures.geumjeongHall)
            #expect(throws: StoreError.unknownArea(id: "nowhere")) {
                var lost = Fixtures.place("lost", in: Fixtures.busan)
                lost.areaID = try Area.ID("nowhere")
                try store.createPlace(lost, audit: Self.audit("place.create"))
            }
            let created = try store.auditEntries(
                areas: [Fixtures.busan.id, Fixtures.sanJose.id], includingGlobal: true, action: "place.create",
                before: nil, limit: 10)
            #expect(created.count == 1)
        }
    }

    /// The report's repro: one id created in two areas at the same instant was "created" twice in 36 of 40 rounds.
    /// Now, two threads (on two stores, as two servers) each making the id in its own area, 20 rounds: exactly one
    /// is made each round, in the winner's area, with one audit entry.
    @Test(arguments: StoreKind.tested)
    func oneIDMadeInTwoAreasAtOnceIsMadeOnce(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let first = try database.openStore(maximumConnections: 2)
            let second = try database.openStore(maximumConnections: 2)
            try first.save(area: Fixtures.busan, places: [])
            try first.save(area: Fixtures.sanJose, places: [])
            let areas = [Fixtures.busan, Fixtures.sanJose]
            for round in 0..<20 {
                let winners = Mutex<[Area.ID]>([])
                let failures = Failures()
                onThreads(2) { index in
                    let place = Fixtures.place("race-place-\(round)", in: areas[index])
                    do {
                        try [first, second][index].createPlace(
                            place, audit: Self.audit("place.create", area: areas[index].id, subject: "\(round)"))
                        winners.withLock { $0.append(areas[index].id) }
                    } catch StoreError.placeIDTaken {
                        // The loser.
                    } catch {
                        failures.add("\(error)")
                    }
                }
                #expect(failures.all.isEmpty)
                let won = winners.withLock { $0 }
                #expect(won.count == 1, "round \(round): \(won)")
                let stored = try first.consolePlace(id: try Place.ID("race-place-\(round)"))
                #expect(stored?.place.areaID == won.first)
            }
            let audit = try first.auditEntries(
                areas: areas.map(\.id), includingGlobal: false, action: "place.create", before: nil, limit: 100)
            #expect(audit.count == 20)
        }
    }

    @Test(arguments: StoreKind.tested)
    func archivingHidesAPlaceEndsItsCheckInsAndIsAudited(kind: StoreKind) throws {
        try withAreas(kind) { store throws in
            let place = Fixtures.geumjeongHall
            let profile = Profile(id: try Profile.ID("p1"), firstName: "Ada", lastName: "Kim", bio: "Hello")
            try store.createSession(
                Session(
                    token: String(repeating: "s", count: 43), csrfToken: "c", createdAt: Self.now,
                    expiresAt: Self.now.addingTimeInterval(3600)))
            try store.saveProfile(profile, sessionToken: String(repeating: "s", count: 43), avatar: .keep)
            #expect(
                try store.checkIn(
                    sessionToken: String(repeating: "s", count: 43), at: place.id, from: Self.now,
                    until: Self.now.addingTimeInterval(3600),
                    bucket: PopularTimes.Bucket(instant: Self.now, timeZone: .gmt))
                    != nil)
            #expect(try store.activeCheckIns(inArea: Fixtures.busan.id, at: Self.now).count == 1)
            #expect(try store.archivePlace(id: place.id, at: Self.now, audit: Self.audit("place.archive")) == 1)
            #expect(try store.place(id: place.id) == nil)
            #expect(try store.consolePlace(id: place.id)?.archivedAt == Self.now)
            #expect(try store.consolePlaces(inArea: Fixtures.busan.id).map(\.place.id) == [place.id])
            #expect(try store.activeCheckIns(inArea: Fixtures.busan.id, at: Self.now).isEmpty)
            try store.restorePlace(id: place.id, audit: Self.audit("place.restore"))
            #expect(try store.place(id: place.id) == place)
            #expect(throws: StoreError.unknownPlace(id: place.id.rawValue)) {
                try store.restorePlace(id: place.id, audit: Self.audit("place.restore"))
            }
            try store.hideProfile(
                id: profile.id, reason: "Offensive bio", at: Self.now, audit: Self.audit("profile.hide"))
            #expect(try store.profile(id: profile.id)?.hiddenReason == "Offensive bio")
            #expect(try store.profile(id: profile.id)?.publicBio == "")
            let actions = try store.auditEntries(
                areas: [Fixtures.busan.id], includingGlobal: false, action: nil, before: nil, limit: 10
            ).map(\.action)
            #expect(actions == ["profile.hide", "place.restore", "place.archive"])
            #expect(
                try store.auditEntries(
                    areas: [Fixtures.sanJose.id], includingGlobal: false, action: nil, before: nil,
                    limit: 10
                ).isEmpty)
            #expect(try store.deleteAuditEntries(before: Self.now.addingTimeInterval(1)) == 3)
        }
    }
}
