import Foundation
import GrubmapCore
import GrubmapStore

/// The operator console's calls fail as every other call of an unreachable database does.
extension UnreachableStore {
    func soldOutMarks(placeID: Place.ID, on date: CalendarDate) throws -> [MealID: SoldOutMark] { throw down }
    func soldOutMarks(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [MealID: SoldOutMark]] {
        throw down
    }
    func reportSoldOut(
        placeID: Place.ID, date: CalendarDate, mealID: MealID, reporter: ReporterKey, at: Date, policy: SoldOutPolicy
    ) throws -> SoldOutReportResult { throw down }
    func markSoldOut(_ mark: SoldOutMark, operatorID: String?, audit: AuditEntry) throws { throw down }
    func clearSoldOut(placeID: Place.ID, date: CalendarDate, mealID: MealID, audit: AuditEntry) throws -> Bool {
        throw down
    }
    func pruneSoldOut(before date: CalendarDate) throws -> Int { throw down }
    func createOperator(_ account: Operator, setupToken: String, setupExpiresAt: Date, audit: AuditEntry) throws {
        throw down
    }
    func operators() throws -> [Operator] { throw down }
    func operatorAccount(id: Operator.ID) throws -> Operator? { throw down }
    func operatorCredentials(email: String) throws -> OperatorCredentials? { throw down }
    func setupLink(token: String) throws -> SetupLink? { throw down }
    func completeSetup(token: String, passwordHash: String, at date: Date) throws -> Operator? { throw down }
    func updateOperator(id: Operator.ID, role: Operator.Role, areaIDs: [Area.ID], audit: AuditEntry) throws {
        throw down
    }
    func resetOperator(id: Operator.ID, setupToken: String, setupExpiresAt: Date, audit: AuditEntry) throws {
        throw down
    }
    func removeOperator(id: Operator.ID, audit: AuditEntry) throws -> Bool { throw down }
    func setPasswordHash(operatorID: Operator.ID, _ passwordHash: String) throws { throw down }
    func setSecondFactor(operatorID: Operator.ID, secret: [UInt8]?, acceptedStep: Int64?, audit: AuditEntry) throws {
        throw down
    }
    func acceptSecondFactorStep(operatorID: Operator.ID, step: Int64) throws -> Bool { throw down }
    func createOperatorSession(_ session: OperatorSession) throws { throw down }
    func operatorSession(token: String) throws -> (session: OperatorSession, account: Operator)? { throw down }
    func touchOperatorSession(token: String, at date: Date) throws { throw down }
    func deleteOperatorSession(token: String) throws { throw down }
    func deleteOperatorSessions(operatorID: Operator.ID) throws -> Int { throw down }
    func deleteOperatorSessions(endedBefore date: Date) throws -> Int { throw down }
    func reserveSignInAttempt(_ limits: [SignInLimit], at date: Date) throws -> SignInReservation { throw down }
    func signInSucceeded(clearing: [String], uncounting: [String]) throws { throw down }
    func deleteSignInFailures(before date: Date) throws -> Int { throw down }

    func consolePlaces(inArea id: Area.ID) throws -> [ConsolePlace] { throw down }
    func consolePlace(id: Place.ID) throws -> ConsolePlace? { throw down }
    func savePlace(_ place: Place, audit: AuditEntry) throws { throw down }
    func createPlace(_ place: Place, audit: AuditEntry) throws { throw down }
    func archivePlace(id: Place.ID, at date: Date, audit: AuditEntry) throws -> Int { throw down }
    func restorePlace(id: Place.ID, audit: AuditEntry) throws { throw down }
    func replaceMenus(_ menus: [Menu], removing: [CalendarDate], placeID: Place.ID, audit: AuditEntry) throws {
        throw down
    }
    func activeCheckIns(inArea id: Area.ID, at date: Date) throws -> [(profile: Profile, checkIn: CheckIn)] {
        throw down
    }
    func hideProfile(id: Profile.ID, reason: String, at date: Date, audit: AuditEntry) throws { throw down }
    func restoreProfile(id: Profile.ID, audit: AuditEntry) throws { throw down }
    func endCheckIn(profileID: Profile.ID, audit: AuditEntry) throws -> Bool { throw down }
    func endCheckIns(inArea id: Area.ID, _ selection: CheckInSelection, at date: Date, audit: (Int) -> AuditEntry)
        throws -> Int
    { throw down }
    func appendAudit(_ entry: AuditEntry) throws { throw down }
    func auditEntries(areas: [Area.ID], includingGlobal: Bool, action: String?, before: Int64?, limit: Int) throws
        -> [AuditEntry]
    { throw down }
    func deleteAuditEntries(before date: Date) throws -> Int { throw down }
    func setFeed(placeID: Place.ID, url: String, at date: Date, audit: AuditEntry, limitPerArea: Int?) throws {
        throw down
    }
    func removeFeed(placeID: Place.ID, audit: AuditEntry) throws -> Bool { throw down }
    func feeds() throws -> [MenuFeed] { throw down }
    func feed(placeID: Place.ID) throws -> MenuFeed? { throw down }
    func dueFeeds(at date: Date) throws -> [DueFeed] { throw down }
    func queueFeedFetch(placeID: Place.ID, at date: Date) throws -> FeedQueueing { throw down }
    func leaseFeed(placeID: Place.ID, owner: String, at date: Date, until: Date) throws -> MenuFeed? { throw down }
    func finishFeedFetch(placeID: Place.ID, owner: String, record: FeedFetchRecord) throws { throw down }
    func createAPIKey(_ key: APIKey, token: String, audit: AuditEntry) throws { throw down }
    func apiKeys(inArea id: Area.ID) throws -> [APIKey] { throw down }
    func apiKey(token: String) throws -> APIKey? { throw down }
    func revokeAPIKey(id: APIKey.ID, inArea area: Area.ID, at date: Date, audit: AuditEntry) throws -> Bool {
        throw down
    }
    func touchAPIKey(id: APIKey.ID, at date: Date) throws { throw down }
}
