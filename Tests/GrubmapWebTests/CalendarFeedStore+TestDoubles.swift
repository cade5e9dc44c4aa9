import Foundation
import GrubmapCore
import GrubmapStore

/// The calendar feed calls of the test stores: passed on by those that wrap a real store, failing in the unreachable
/// one.
extension ForwardsConsoleCalls {
    func openCalendarFeed(sessionToken: String, at date: Date, token: (Int) -> String) throws -> String {
        try consoleStore.openCalendarFeed(sessionToken: sessionToken, at: date, token: token)
    }
    func calendarFeedGeneration(sessionToken: String) throws -> Int? {
        try consoleStore.calendarFeedGeneration(sessionToken: sessionToken)
    }
    func revokeCalendarFeed(sessionToken: String) throws -> Bool {
        try consoleStore.revokeCalendarFeed(sessionToken: sessionToken)
    }
    func calendarFeedPreferences(token: String, keepingSessionUntil until: Date) throws -> Preferences? {
        try consoleStore.calendarFeedPreferences(token: token, keepingSessionUntil: until)
    }
}

extension UnreachableStore {
    func openCalendarFeed(sessionToken: String, at date: Date, token: (Int) -> String) throws -> String { throw down }
    func calendarFeedGeneration(sessionToken: String) throws -> Int? { throw down }
    func revokeCalendarFeed(sessionToken: String) throws -> Bool { throw down }
    func calendarFeedPreferences(token: String, keepingSessionUntil until: Date) throws -> Preferences? { throw down }
}
