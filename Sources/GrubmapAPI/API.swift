import Foundation

/// The JSON bodies of Grubmap's API (`/api/v1`), defined once for the server that encodes them and the clients that
/// decode them (``GrubmapClient``, an app on an Apple platform).
///
/// Keys are camelCase; coordinates are `{"latitude", "longitude"}`; dates are ISO 8601 (``API/makeDecoder()``); an
/// optional value is left out rather than sent as `null`, except where a body says otherwise. This module needs
/// Foundation and GrubmapCore only, so it builds wherever they do.
public enum API {
    /// A decoder for the server's bodies: dates in ISO 8601, as the server writes them (GrubmapHTTP's
    /// `Response.json`).
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
