// grubmap-bench-checkins: check-ins per second through PostgresStore (or SQLiteStore), the code path of
// POST /api/v1/me/checkin without HTTP (one INSERT … SELECT … ON CONFLICT that finds the profile by its session).
// Run by scripts/bench-postgres (`make bench`), which runs pgbench with a single-row INSERT … ON CONFLICT against
// the same database in the same run, as the reference. Build it in release mode.
//
//     grubmap-bench-checkins prepare --database URL|PATH [--profiles N]
//         migrates, saves an area with two places, and N sessions with profiles p1…pN
//     grubmap-bench-checkins run --database URL|PATH [--clients 8] [--seconds 5] [--profiles N]
//         C threads check random sessions' profiles in at alternating places for S seconds; prints
//         `CHECKINS_PER_SECOND`
//     grubmap-bench-checkins count --database URL|PATH --checkins N [--profiles N]
//         one thread checks profiles p1…pN in, in turn, N times, reading the area's presence after each (the store
//         work of a check-in and an area page); the same calls every time, for counting instructions under
//         `valgrind --tool=callgrind --toggle-collect='*checkInAndLook*'`
//     grubmap-bench-checkins floor --database URL --port P [--clients 8] [--profiles N]
//         serves POST check-ins on 127.0.0.1:P with libmicrohttpd and one libpq INSERT each, nothing else
//         (Floor.swift): the most a check-in over HTTP on PostgreSQL can do on this machine
//     grubmap-bench-checkins flush-floor --database FILE --work MICROSECONDS [--clients 8] [--seconds 5] [--gather N]
//         an ideal group commit, C threads each doing MICROSECONDS of work per write and one writer writing 8 kB
//         and calling fdatasync per batch into a scratch FILE, beside the same without fdatasync (FlushFloor.swift):
//         what waiting for the disk costs any server on this machine (H5's machine floor); prints
//         `SYNCHRONOUS_WRITES_PER_SECOND UNSYNCED_WRITES_PER_SECOND`
//
// Each thread borrows a connection from the store's pool (C connections) per check-in, as the server's threads do.
// A `--database` that is not a postgres:// URL is a SQLite file.

import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapSQL
import GrubmapStore
import Synchronization

struct Options {
    var command = ""
    var database = ""
    var profiles = 1000
    var clients = 8
    var seconds = 5.0
    var checkins = 2000
    var port: UInt16 = 0
    var workMicroseconds = 0
    var gather = 1

    init(_ arguments: [String]) {
        var rest = arguments[...]
        command = rest.popFirst() ?? ""
        guard ["prepare", "run", "count", "floor", "flush-floor"].contains(command) else {
            Self.fail("say prepare, run, count, floor or flush-floor")
        }
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { Self.fail("\(name) needs a value") }
            switch name {
            case "--database": database = value
            case "--profiles": profiles = Self.positive(value, name)
            case "--clients": clients = Self.positive(value, name)
            case "--seconds": seconds = Double(Self.positive(value, name))
            case "--checkins": checkins = Self.positive(value, name)
            case "--port":
                guard let number = UInt16(value), number > 0 else { Self.fail("--port must be 1-65535, got \(value)") }
                port = number
            case "--gather": gather = Self.positive(value, name)
            case "--work": workMicroseconds = Self.positive(value, name)
            default: Self.fail("unknown option \(name)")
            }
        }
        guard !database.isEmpty else { Self.fail("--database needs a postgres:// URL or a SQLite file") }
    }

    static func positive(_ text: String, _ name: String) -> Int {
        guard let value = Int(text), value > 0 else { fail("\(name) must be a positive whole number, got \(text)") }
        return value
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("grubmap-bench-checkins: \(message)\n".utf8))
        exit(2)
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
// The server's heap settings, so the store alone (H5's floor) allocates as it does inside `grubmap serve`.
ProcessHeap.fixThresholds()
if options.command == "floor" {
    guard options.port > 0 else { Options.fail("floor needs --port") }
    serveFloor(url: options.database, port: options.port, connections: options.clients, profiles: options.profiles)
}
if options.command == "flush-floor" {
    guard options.workMicroseconds > 0 else { Options.fail("flush-floor needs --work") }
    let rates = flushFloor(
        path: options.database, clients: options.clients, seconds: options.seconds,
        workMicroseconds: options.workMicroseconds, gather: options.gather)
    print(String(format: "%.0f %.0f", rates.synchronous, rates.unsynced))
    exit(0)
}
let store: any Store =
    PostgresConfiguration.isPostgresURL(options.database)
    ? try PostgresStore(
        configuration: PostgresConfiguration(url: options.database, maximumConnections: options.clients))
    : try SQLiteStore(path: options.database, maximumConnections: options.clients)
let area = try Area.ID("bench")
let places = [try Place.ID("bench-a"), try Place.ID("bench-b")]

if options.command == "prepare" {
    let center = try Coordinate(latitude: 35.2316, longitude: 129.0825)
    try store.save(
        area: Area(
            id: area, name: LocalizedText("Bench"), center: center,
            bounds: try Bounds(enclosing: [center], margin: 0.1),
            timeZone: "Asia/Seoul", currency: "KRW", locale: "ko-KR"),
        places: places.map {
            Place(id: $0, areaID: area, name: LocalizedText($0.rawValue), kind: .cafeteria, coordinate: center)
        })
    let now = Date()
    for index in 1...options.profiles {
        let token = "bench-session-\(index)"
        try store.createSession(
            Session(token: token, csrfToken: "csrf", createdAt: now, expiresAt: now.addingTimeInterval(86_400)))
        try store.saveProfile(
            Profile(id: try Profile.ID("p\(index)"), firstName: "P\(index)", lastName: "Bench"), sessionToken: token,
            avatar: .keep)
    }
    print("prepared \(options.profiles) profiles")
    exit(0)
}

let sessionTokens = (1...options.profiles).map { "bench-session-\($0)" }
// As in `grubmap serve`: on PostgreSQL, the counts and notifications that follow a commit go from the notifier's
// thread (which making a listener, not started here, turns on), and what it holds is sent before the figures.
let postgres = store as? PostgresStore
_ = postgres?.makeListener { FileHandle.standardError.write(Data("grubmap-bench-checkins: \($0)\n".utf8)) }

/// The count mode's loop, named for callgrind's `--toggle-collect`: check-ins in turn, each followed by the area's
/// presence, at one fixed time so every run makes the same calls.
@inline(never)
func checkInAndLook(times: Int) throws -> Int {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var seen = 0
    for index in 0..<times {
        _ = try store.checkIn(
            sessionToken: sessionTokens[index % sessionTokens.count], at: places[index % 2], from: now,
            until: now.addingTimeInterval(3 * 3600), bucket: PopularTimes.Bucket(instant: now, timeZone: .gmt))
        seen += try store.presence(inArea: area, at: now, sample: 3).count
    }
    return seen
}

if options.command == "count" {
    let seen = try checkInAndLook(times: options.checkins)
    postgres?.finishSending()
    print("\(options.checkins) check-ins, \(seen) places with people seen")
    exit(0)
}
let done = Atomic<Int>(0)
let failures = Mutex<[String]>([])
let deadline = ContinuousClock.now + .milliseconds(Int(options.seconds * 1000))
let group = DispatchGroup()
for client in 0..<options.clients {
    group.enter()
    Thread {
        var generator = SystemRandomNumberGenerator()
        var count = 0
        while ContinuousClock.now < deadline {
            let now = Date()
            do {
                _ = try store.checkIn(
                    sessionToken: sessionTokens.randomElement(using: &generator)!, at: places[(client + count) % 2],
                    from: now, until: now.addingTimeInterval(3 * 3600),
                    bucket: PopularTimes.Bucket(instant: now, timeZone: .gmt))
                count += 1
            } catch {
                failures.withLock { $0.append("\(error)") }
                break
            }
        }
        done.add(count, ordering: .relaxed)
        group.leave()
    }.start()
}
let started = ContinuousClock.now
group.wait()
let elapsed = ContinuousClock.now - started
postgres?.finishSending()
if let failure = failures.withLock({ $0.first }) { Options.fail(failure) }
print(String(format: "%.0f", Double(done.load(ordering: .relaxed)) / elapsed.seconds))
