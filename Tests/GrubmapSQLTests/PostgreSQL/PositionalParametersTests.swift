import Testing

@testable import GrubmapSQL

@Suite("Positional parameters for PostgreSQL")
struct PositionalParametersTests {
    @Test(arguments: [
        ("SELECT 1", "SELECT 1", 0),
        ("SELECT ?, ?", "SELECT $1, $2", 2),
        ("WHERE a = ? AND b = '?' AND c = ?", "WHERE a = $1 AND b = '?' AND c = $2", 2),
        ("SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1", 1),
        ("SELECT E'\\' ?', ?", "SELECT E'\\' ?', $1", 1),
        ("SELECT \"odd?name\" FROM t WHERE x = ?", "SELECT \"odd?name\" FROM t WHERE x = $1", 1),
        ("SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2", 2),
        ("SELECT /* a /* nested? */ still? */ ?", "SELECT /* a /* nested? */ still? */ $1", 1),
        ("SELECT $$a?b$$, $tag$ ? $$ ? $tag$, ?", "SELECT $$a?b$$, $tag$ ? $$ ? $tag$, $1", 1),
        ("SELECT $1, ?", "SELECT $1, $1", 1),
        ("INSERT INTO t VALUES ('부산?', ?)", "INSERT INTO t VALUES ('부산?', $1)", 1),
    ])
    func rewritesOnlyParametersOutsideLiteralsAndComments(sql: String, expected: String, count: Int) {
        let rewritten = PositionalParameters.rewrite(sql)
        #expect(rewritten.sql == expected)
        #expect(rewritten.count == count)
    }
}
