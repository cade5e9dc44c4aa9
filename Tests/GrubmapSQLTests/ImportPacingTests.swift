import GrubmapSQLTestSupport
import Testing

@testable import GrubmapSQL

/// How an import on SQLite sizes its transactions: long while nobody else writes, short at once when someone does.
@Suite struct ImportPacingTests {
    @Test func aQuietDatabaseGetsTransactionsOfTheQuietBudgetGrowingAtMostTwofold() {
        var pacing = ImportPacing(firstRows: 2000)
        // 2,000 rows in 10 ms: a second would fit 200,000, but the next transaction only doubles.
        pacing.record(written: 2000, took: .milliseconds(10), othersWrote: false)
        #expect(pacing.rows == 4000)
        pacing.record(written: 4000, took: .milliseconds(500), othersWrote: false)
        #expect(pacing.rows == 8000)
        // 8,000 rows took two seconds: a quiet second fits 4,000.
        pacing.record(written: 8000, took: .seconds(2), othersWrote: false)
        #expect(pacing.rows == 4000)
    }

    @Test func anotherWriterShrinksTheNextTransactionToTheSharedBudgetAtOnce() {
        var pacing = ImportPacing(firstRows: 20_000)
        // 20,000 rows took a second; with check-ins waiting, the next gets what fits in 100 ms.
        pacing.record(written: 20_000, took: .seconds(1), othersWrote: true)
        #expect(pacing.rows == 2000)
        #expect(pacing.sharedBudget == .milliseconds(100))
        // Nobody wrote during the last one: back up, twofold at a time.
        pacing.record(written: 2000, took: .milliseconds(100), othersWrote: false)
        #expect(pacing.rows == 4000)
    }

    @Test func rowsStayWithinTheirLimitsWhateverTheTimes() {
        var pacing = ImportPacing(firstRows: 50, rowLimits: 200...10_000)
        #expect(pacing.rows == 200)
        pacing.record(written: 200, took: .seconds(60), othersWrote: true)
        #expect(pacing.rows == 200)
        for _ in 0..<20 { pacing.record(written: pacing.rows, took: .zero, othersWrote: false) }
        #expect(pacing.rows == 10_000)
    }
}

/// What the import asks after each transaction to tell whether anyone else wrote meanwhile.
@Suite struct OthersCommitsTests {
    @Test func anotherConnectionsCommitMovesTheVersionAndTheImportersOwnDoesNot() throws {
        try withTemporaryPath { path in
            let importer = try Database(path: path)
            let other = try Database(path: path)
            func version() throws -> Int? {
                try importer.fetchOne(SQLDialect.sqlite.othersCommitsQuery)?.value(named: "version", as: Int.self)
            }
            try importer.execute("CREATE TABLE t (x INTEGER)")
            let first = try #require(try version())
            try importer.execute("INSERT INTO t VALUES (1)")
            #expect(try version() == first)
            try other.execute("INSERT INTO t VALUES (2)")
            #expect(try version() != first)
        }
    }
}
