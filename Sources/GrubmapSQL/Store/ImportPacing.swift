/// How many staged places an import on SQLite writes per transaction. Each transaction holds the file's one write
/// lock, and a check-in arriving meanwhile waits for it, so a transaction gets as many rows as fit in a time budget.
///
/// The budget is short (``sharedBudget``) once another connection has written since the import's last
/// transaction: a crowd checking in then waits no longer than that. While nobody else writes, it is longer
/// (``quietBudget``), because every transaction writes each index page it touched to the WAL once, and the indexes
/// of ids and names take a city's places in no order that matches the places', so small transactions write the same
/// pages again and again: SQLite alone writes a million places at 14,000 a second in transactions of 2,000, 26,000
/// in transactions of 20,000 and 41,000 in one (`grubmap-bench-spatial write-floor`, docs/benchmarks.md's import rows). A
/// check-in that comes during a quiet transaction waits out that one, and the import's transactions are short from
/// the next.
///
/// A pure state machine: the import tells it what each transaction wrote, how long it took and whether another
/// connection wrote meanwhile, and reads ``rows`` for the next one.
struct ImportPacing: Sendable, Equatable {
    /// What a transaction may hold the lock for while other connections write.
    let sharedBudget: Duration
    /// What a transaction may hold the lock for while nobody else has written since the import's previous one.
    let quietBudget: Duration
    /// The fewest and the most rows of one transaction.
    let rowLimits: ClosedRange<Int>
    /// The rows of the next transaction.
    private(set) var rows: Int

    init(
        firstRows: Int = 2000, sharedBudget: Duration = .milliseconds(100), quietBudget: Duration = .seconds(1),
        rowLimits: ClosedRange<Int> = 200...200_000
    ) {
        self.sharedBudget = sharedBudget
        self.quietBudget = quietBudget
        self.rowLimits = rowLimits
        rows = min(max(firstRows, rowLimits.lowerBound), rowLimits.upperBound)
    }

    /// Sizes the next transaction after one that wrote `written` rows in `took`: as many rows as would have fitted
    /// in the budget at the same pace, growing at most twofold a time (a transaction's cost per row falls as it
    /// grows, so a bigger one is tried before it is trusted), shrinking at once.
    mutating func record(written: Int, took: Duration, othersWrote: Bool) {
        let budget = othersWrote ? sharedBudget : quietBudget
        let fitting = Double(max(written, 1)) * (budget / max(took, .microseconds(1)))
        let grown = min(fitting, Double(rows) * 2)
        rows = Int(min(max(grown, Double(rowLimits.lowerBound)), Double(rowLimits.upperBound)))
    }
}
