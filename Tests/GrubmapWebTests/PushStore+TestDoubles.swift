import Foundation
import GrubmapCore
import GrubmapStore

/// The Web Push calls of the test stores: passed on by those that wrap a real store, failing in the unreachable one.
extension ForwardsConsoleCalls {
    func pushKey(orCreate make: () -> [UInt8]) throws -> [UInt8] { try consoleStore.pushKey(orCreate: make) }
    func subscribe(_ subscription: PushSubscription, sessionToken: String, at date: Date) throws -> Bool {
        try consoleStore.subscribe(subscription, sessionToken: sessionToken, at: date)
    }
    func unsubscribe(endpoint: String, sessionToken: String) throws -> Bool {
        try consoleStore.unsubscribe(endpoint: endpoint, sessionToken: sessionToken)
    }
    func pushSubscriptions(sessionToken: String) throws -> [PushSubscription] {
        try consoleStore.pushSubscriptions(sessionToken: sessionToken)
    }
    func pushRecipients(notSentOn day: CalendarDate) throws -> [PushRecipient] {
        try consoleStore.pushRecipients(notSentOn: day)
    }
    func claimPushDay(subscriptionID: Int64, day: CalendarDate) throws -> Bool {
        try consoleStore.claimPushDay(subscriptionID: subscriptionID, day: day)
    }
    func releasePushDay(subscriptionID: Int64, day: CalendarDate) throws {
        try consoleStore.releasePushDay(subscriptionID: subscriptionID, day: day)
    }
    func deletePushSubscription(id: Int64) throws { try consoleStore.deletePushSubscription(id: id) }
    func pushHours() throws -> [Area.ID: Int] { try consoleStore.pushHours() }
    func setPushHour(_ hour: Int, areaID: Area.ID, audit: AuditEntry) throws {
        try consoleStore.setPushHour(hour, areaID: areaID, audit: audit)
    }
}

extension UnreachableStore {
    func pushKey(orCreate make: () -> [UInt8]) throws -> [UInt8] { throw down }
    func subscribe(_ subscription: PushSubscription, sessionToken: String, at date: Date) throws -> Bool {
        throw down
    }
    func unsubscribe(endpoint: String, sessionToken: String) throws -> Bool { throw down }
    func pushSubscriptions(sessionToken: String) throws -> [PushSubscription] { throw down }
    func pushRecipients(notSentOn day: CalendarDate) throws -> [PushRecipient] { throw down }
    func claimPushDay(subscriptionID: Int64, day: CalendarDate) throws -> Bool { throw down }
    func releasePushDay(subscriptionID: Int64, day: CalendarDate) throws { throw down }
    func deletePushSubscription(id: Int64) throws { throw down }
    func pushHours() throws -> [Area.ID: Int] { throw down }
    func setPushHour(_ hour: Int, areaID: Area.ID, audit: AuditEntry) throws { throw down }
}
