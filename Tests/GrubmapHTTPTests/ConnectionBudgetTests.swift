import Testing

@testable import GrubmapHTTP

/// What the open-file limit lets a server hold and what its operator reads at start: nothing when it covers
/// everything, one info line naming how many streams fit and the limit that would hold them all when only the
/// streams are short, a warning when even the connections are.
@Suite struct ConnectionBudgetTests {
    // 4,096 connections (headroom 512) and 20,000 streams, 640 files kept for other things: 25,248 files in all.
    static let reserve = 640

    static func budget(openFiles: Int) -> ConnectionBudget {
        ConnectionBudget(openFiles: openFiles, reserve: reserve, connections: 4096, streams: 20_000)
    }

    @Test func aLimitThatCoversEverythingSaysNothing() {
        for openFiles in [25_248, 1_048_576] {
            let budget = Self.budget(openFiles: openFiles)
            #expect(
                budget == ConnectionBudget(openFiles: 30_000, reserve: Self.reserve, connections: 4096, streams: 20_000)
            )
            #expect(budget.connectionLimit == 4096 + 20_000 + 512)
            #expect(budget.streamLimit == 20_000)
            #expect(budget.notice == nil)
        }
    }

    /// A development machine's 20,000 files: every connection, and the streams that fit.
    @Test func aLimitShortOfTheStreamsHoldsWhatFitsAndSaysSoCalmly() {
        let budget = Self.budget(openFiles: 20_000)
        #expect(budget.connectionLimit == 20_000 - 640)
        #expect(budget.streamLimit == 20_000 - 640 - 4096 - 512)
        #expect(
            budget.notice
                == .info(
                    "the open-file limit (20000) holds 14752 live update streams beside 4096 connections, not the "
                        + "20000 of --max-event-streams; a stream beyond is asked to come back later. To hold them "
                        + "all, raise it to 25248 (ulimit -n 25248, or LimitNOFILE=25248 under systemd)"))
    }

    /// Exactly the connections and their headroom: no stream fits, which is still only the streams' shortfall.
    @Test func aLimitWithRoomForTheConnectionsOnlyHoldsNoStream() {
        let budget = Self.budget(openFiles: 4096 + 512 + 640)
        #expect(budget.streamLimit == 0)
        guard case .info = budget.notice else {
            Issue.record("expected an info line, got \(String(describing: budget.notice))")
            return
        }
    }

    @Test func aLimitShortOfTheConnectionsIsAWarning() {
        let budget = Self.budget(openFiles: 1024)
        #expect(budget.connectionLimit == 1024 - 640)
        #expect(budget.streamLimit == 20_000)
        #expect(
            budget.notice
                == .warning(
                    "the open-file limit (1024) allows 384 connections at once, live update streams included, fewer "
                        + "than the 4096 of --max-connections; raise it to at least 5248 (ulimit -n 5248, or "
                        + "LimitNOFILE=5248 under systemd), or to 25248 to hold 20000 streams too"))
        // Hardly any files at all: still 16 connections, never fewer.
        #expect(Self.budget(openFiles: 100).connectionLimit == 16)
    }

    /// A server asked for no streams (the HTTPS redirect listener) needs no files for them.
    @Test func noStreamsAskedNeedNoFilesForThem() {
        let budget = ConnectionBudget(openFiles: 20_000, reserve: Self.reserve, connections: 4096, streams: 0)
        #expect(budget.notice == nil)
        #expect(budget.streamLimit == 0)
    }

    /// The table refuses a stream over the budget's limit as it does one over the configured cap.
    @Test func theTableHoldsNoMoreStreamsThanTheBudget() {
        let book = ConnectionTableTests.Book(connections: 10, streams: 20_000)
        book.table.streamLimit = 1
        for id in 1...2 {
            #expect(!book.open(id, from: "nat").isRefused)
            #expect(book.begin(id))
            book.received(id)
        }
        #expect(book.stream(1))
        #expect(!book.stream(2), "a second stream is over the budget")
        #expect(book.table.openStreams == 1)
    }
}
