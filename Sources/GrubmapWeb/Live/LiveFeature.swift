import Foundation
import GrubmapCore
import GrubmapHTTP

/// `GET /areas/{id}/events`: the area's live changes as Server-Sent Events (see ``LiveHub``).
struct LiveFeature: RouteCollection {
    let hub: LiveHub

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.events, .api, .none, events)
    }

    /// Opens a stream on a known area (else 404), resuming after the `Last-Event-ID` the browser sends when it
    /// reconnects. The worker answering it is free again at once: the stream waits without a thread.
    func events(_ context: RequestContext, id: Area.ID) throws -> Response {
        guard try context.environment.store.catalog().area(id) != nil else {
            throw HTTPError.notFound("There is no area \"\(id)\".")
        }
        var response = Response(headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"])
        response.eventStream = hub.open(area: id, lastEventID: context.request.headers["Last-Event-ID"])
        return response
    }
}
