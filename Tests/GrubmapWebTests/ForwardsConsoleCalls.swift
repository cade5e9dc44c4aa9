import Foundation
import GrubmapCore
import GrubmapStore

/// A test store that passes the operator console's calls on to another store as they are: the counting and stalling
/// stores are about what visitors' pages cost and wait for.
protocol ForwardsConsoleCalls: OperatorStore, ConsoleStore, FeedStore, APIKeyStore, SoldOutStore {
    /// The store that answers the console's calls.
    var consoleStore: any Store { get }
}

extension CountingStore: ForwardsConsoleCalls {
    var consoleStore: any Store { base }
}

extension ForwardsConsoleCalls {
    func soldOutMarks(placeID: Place.ID, on date: CalendarDate) throws -> [MealID: SoldOutMark] {
        try consoleStore.soldOutMarks(placeID: placeID, on: date)
    }
    func soldOutMarks(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [MealID: SoldOutMark]] {
        try consoleStore.soldOutMarks(inArea: id, on: date)
    }
    func reportSoldOut(
        placeID: Place.ID, date: CalendarDate, mealID: MealID, reporter: ReporterKey, at: Date, policy: SoldOutPolicy
    ) throws -> SoldOutReportResult {
        try consoleStore.reportSoldOut(
            placeID: placeID, date: date, mealID: mealID, reporter: reporter, at: at, policy: policy)
    }
    func markSoldOut(_ mark: SoldOutMark, operatorID: String?, audit: AuditEntry) throws {
        try consoleStore.markSoldOut(mark, operatorID: operatorID, audit: audit)
    }
    func clearSoldOut(placeID: Place.ID, date: CalendarDate, mealID: MealID, audit: AuditEntry) throws -> Bool {
        try consoleStore.clearSoldOut(placeID: placeID, date: date, mealID: mealID, audit: audit)
    }
    func pruneSoldOut(before date: CalendarDate) throws -> Int { try consoleStore.pruneSoldOut(before: date) }
    func createOperator(_ account: Operator, setupToken: String, setupExpiresAt: Date, audit: AuditEntry) throws {
        try consoleStore.createOperator(account, setupToken: setupToken, setupExpiresAt: setupExpiresAt, audit: audit)
    }
    func operators() throws -> [Operator] { try consoleStore.operators() }
    func operatorAccount(id: Operator.ID) throws -> Operator? { try consoleStore.operatorAccount(id: id) }
    func operatorCredentials(email: String) throws -> OperatorCredentials? {
        try consoleStore.operatorCredentials(email: email)
    }
    func setupLink(token: String) throws -> SetupLink? { try consoleStore.setupLink(token: token) }
    func completeSetup(token: String, passwordHash: String, at date: Date) throws -> Operator? {
        try consoleStore.completeSetup(token: token, passwordHash: passwordHash, at: date)
    }
    func updateOperator(id: Operator.ID, role: Operator.Role, areaIDs: [Area.ID], audit: AuditEntry) throws {
        try consoleStore.updateOperator(id: id, role: role, areaIDs: areaIDs, audit: audit)
    }
    func resetOperator(id: Operator.ID, setupToken: String, setupExpiresAt: Date, audit: AuditEntry) throws {
        try consoleStore.resetOperator(id: id, setupToken: setupToken, setupExpiresAt: setupExpiresAt, audit: audit)
    }
    func removeOperator(id: Operator.ID, audit: AuditEntry) throws -> Bool {
        try consoleStore.removeOperator(id: id, audit: audit)
    }
    func setPasswordHash(operatorID: Operator.ID, _ passwordHash: String) throws {
        try consoleStore.setPasswordHash(operatorID: operatorID, passwordHash)
    }
    func setSecondFactor(operatorID: Operator.ID, secret: [UInt8]?, acceptedStep: Int64?, audit: AuditEntry) throws {
        try consoleStore.setSecondFactor(
            operatorID: operatorID, secret: secret, acceptedStep: acceptedStep, audit: audit)
    }
    func acceptSecondFactorStep(operatorID: Operator.ID, step: Int64) throws -> Bool {
        try consoleStore.acceptSecondFactorStep(operatorID: operatorID, step: step)
    }
    func createOperatorSession(_ session: OperatorSession) throws { try consoleStore.createOperatorSession(session) }
    func operatorSession(token: String) throws -> (session: OperatorSession, account: Operator)? {
        try consoleStore.operatorSession(token: token)
    }
    func touchOperatorSession(token: String, at date: Date) throws {
        try consoleStore.touchOperatorSession(token: token, at: date)
    }
    func deleteOperatorSession(token: String) throws { try consoleStore.deleteOperatorSession(token: token) }
    func deleteOperatorSessions(operatorID: Operator.ID) throws -> Int {
        try consoleStore.deleteOperatorSessions(operatorID: operatorID)
    }
    func deleteOperatorSessions(endedBefore date: Date) throws -> Int {
        try consoleStore.deleteOperatorSessions(endedBefore: date)
    }
    func reserveSignInAttempt(_ limits: [SignInLimit], at date: Date) throws -> SignInReservation {
        try consoleStore.reserveSignInAttempt(limits, at: date)
    }
    func signInSucceeded(clearing: [String], uncounting: [String]) throws {
        try consoleStore.signInSucceeded(clearing: clearing, uncounting: uncounting)
    }
    func deleteSignInFailures(before date: Date) throws -> Int {
        try consoleStore.deleteSignInFailures(before: date)
    }

    func consolePlaces(inArea id: Area.ID) throws -> [ConsolePlace] { try consoleStore.consolePlaces(inArea: id) }
    func consolePlace(id: Place.ID) throws -> ConsolePlace? { try consoleStore.consolePlace(id: id) }
    func savePlace(_ place: Place, audit: AuditEntry) throws { try consoleStore.savePlace(place, audit: audit) }
    func createPlace(_ place: Place, audit: AuditEntry) throws { try consoleStore.createPlace(place, audit: audit) }
    func archivePlace(id: Place.ID, at date: Date, audit: AuditEntry) throws -> Int {
        try consoleStore.archivePlace(id: id, at: date, audit: audit)
    }
    func restorePlace(id: Place.ID, audit: AuditEntry) throws { try consoleStore.restorePlace(id: id, audit: audit) }
    func replaceMenus(_ menus: [Menu], removing: [CalendarDate], placeID: Place.ID, audit: AuditEntry) throws {
        try consoleStore.replaceMenus(menus, removing: removing, placeID: placeID, audit: audit)
    }
    func activeCheckIns(inArea id: Area.ID, at date: Date) throws -> [(profile: Profile, checkIn: CheckIn)] {
        try consoleStore.activeCheckIns(inArea: id, at: date)
    }
    func hideProfile(id: Profile.ID, reason: String, at date: Date, audit: AuditEntry) throws {
        try consoleStore.hideProfile(id: id, reason: reason, at: date, audit: audit)
    }
    func restoreProfile(id: Profile.ID, audit: AuditEntry) throws {
        try consoleStore.restoreProfile(id: id, audit: audit)
    }
    func endCheckIn(profileID: Profile.ID, audit: AuditEntry) throws -> Bool {
        try consoleStore.endCheckIn(profileID: profileID, audit: audit)
    }
    func endCheckIns(inArea id: Area.ID, _ selection: CheckInSelection, at date: Date, audit: (Int) -> AuditEntry)
        throws -> Int
    {
        try consoleStore.endCheckIns(inArea: id, selection, at: date, audit: audit)
    }
    func appendAudit(_ entry: AuditEntry) throws { try consoleStore.appendAudit(entry) }
    func auditEntries(areas: [Area.ID], includingGlobal: Bool, action: String?, before: Int64?, limit: Int) throws
        -> [AuditEntry]
    {
        try consoleStore.auditEntries(
            areas: areas, includingGlobal: includingGlobal, action: action, before: before, limit: limit)
    }
    func deleteAuditEntries(before date: Date) throws -> Int { try consoleStore.deleteAuditEntries(before: date) }
    func setFeed(placeID: Place.ID, url: String, at date: Date, audit: AuditEntry, limitPerArea: Int?) throws {
        try consoleStore.setFeed(placeID: placeID, url: url, at: date, audit: audit, limitPerArea: limitPerArea)
    }
    func removeFeed(placeID: Place.ID, audit: AuditEntry) throws -> Bool {
        try consoleStore.removeFeed(placeID: placeID, audit: audit)
    }
    func feeds() throws -> [MenuFeed] { try consoleStore.feeds() }
    func feed(placeID: Place.ID) throws -> MenuFeed? { try consoleStore.feed(placeID: placeID) }
    func dueFeeds(at date: Date) throws -> [DueFeed] { try consoleStore.dueFeeds(at: date) }
    func queueFeedFetch(placeID: Place.ID, at date: Date) throws -> FeedQueueing {
        try consoleStore.queueFeedFetch(placeID: placeID, at: date)
    }
    func leaseFeed(placeID: Place.ID, owner: String, at date: Date, until: Date) throws -> MenuFeed? {
        try consoleStore.leaseFeed(placeID: placeID, owner: owner, at: date, until: until)
    }
    func finishFeedFetch(placeID: Place.ID, owner: String, record: FeedFetchRecord) throws {
        try consoleStore.finishFeedFetch(placeID: placeID, owner: owner, record: record)
    }
    func createAPIKey(_ key: APIKey, token: String, audit: AuditEntry) throws {
        try consoleStore.createAPIKey(key, token: token, audit: audit)
    }
    func apiKeys(inArea id: Area.ID) throws -> [APIKey] { try consoleStore.apiKeys(inArea: id) }
    func apiKey(token: String) throws -> APIKey? { try consoleStore.apiKey(token: token) }
    func revokeAPIKey(id: APIKey.ID, inArea area: Area.ID, at date: Date, audit: AuditEntry) throws -> Bool {
        try consoleStore.revokeAPIKey(id: id, inArea: area, at: date, audit: audit)
    }
    func touchAPIKey(id: APIKey.ID, at date: Date) throws { try consoleStore.touchAPIKey(id: id, at: date) }
}
