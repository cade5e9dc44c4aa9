import GrubmapSQL
import GrubmapSQLTestSupport
import Testing

@Suite("Store contract")
struct StoreContractCoverage {
    @Test("The store contract tests run on PostgreSQL too", TestPostgres.enabled)
    func postgreSQLIsTested() {
        #expect(StoreKind.tested.contains(.postgreSQL))
    }
}
