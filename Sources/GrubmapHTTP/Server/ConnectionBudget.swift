/// How many connections and event streams the open-file limit lets a server hold, and what its operator is told.
///
/// Every connection is an open file. The server wants ``ServerConfiguration/connectionLimit`` connections for
/// requests, ``ServerConfiguration/eventStreamLimit`` more for event streams and some headroom to tell connections
/// over the limit 503, beside `reserve` files of its own (lingering sockets, database connections, files).
/// A limit short only of the streams is normal on a laptop or in a container: the server holds as many streams as
/// fit, says so once at info level, and refuses the rest as it refuses streams over its cap. A limit short of the
/// connections themselves is a warning.
struct ConnectionBudget: Equatable {
    /// What the operator is told when the open files do not cover everything asked.
    enum Notice: Equatable {
        case info(String)
        case warning(String)
    }

    /// The server's connection limit (``ConnectionGate``): every connection, event streams included.
    let connectionLimit: Int
    /// Event streams held at once: the configured cap, or fewer when the open files run out before it.
    let streamLimit: Int
    let notice: Notice?

    /// The budget for `connections` request connections and `streams` event streams when the process may have
    /// `openFiles` files open, `reserve` of which it needs for other things.
    init(openFiles: Int, reserve: Int, connections: Int, streams: Int) {
        let headroom = max(64, connections / 8)
        let wanted = connections + streams + headroom
        let needed = wanted + reserve
        connectionLimit = min(wanted, max(16, openFiles - reserve))
        if connectionLimit == wanted {
            streamLimit = streams
            notice = nil
        } else if connectionLimit >= connections + headroom {
            streamLimit = connectionLimit - connections - headroom
            notice = .info(
                "the open-file limit (\(openFiles)) holds \(streamLimit) live update streams beside \(connections) "
                    + "connections, not the \(streams) of --max-event-streams; a stream beyond is asked to come back "
                    + "later. To hold them all, raise it to \(needed) (ulimit -n \(needed), or LimitNOFILE=\(needed) "
                    + "under systemd)")
        } else {
            // Streams and requests share what there is, as before any cap of their own.
            streamLimit = streams
            let least = connections + headroom + reserve
            notice = .warning(
                "the open-file limit (\(openFiles)) allows \(connectionLimit) connections at once, live update "
                    + "streams included, fewer than the \(connections) of --max-connections; raise it to at least "
                    + "\(least) (ulimit -n \(least), or LimitNOFILE=\(least) under systemd), or to \(needed) to hold "
                    + "\(streams) streams too")
        }
    }
}
