import Foundation
import GrubmapCore
import GrubmapHTTP

/// `GET /areas/{id}/events`: the area's live changes as Server-Sent Events (see ``LiveHub``).
struct LiveFeature: RouteCollection {
    let hub: LiveHub

    func addRoutes(to routes: inout RouteTable) {
        // Answered on the server's network thread once the area is known to exist, so a crowd reconnecting at once
        // never waits in the workers' queue.
        routes.addInline(.get, Paths.events, .api, inlineWhen: { hub.knows(area: $0) }, events)
    }

    /// Opens a stream on a known area (else 404), resuming after the `Last-Event-ID` the browser sends when it
    /// reconnects. An area not yet known to the hub is looked up in the catalog by a worker, which is free again
    /// at once: the stream waits without a thread.
    func events(_ context: RequestContext, id: Area.ID) throws -> Response {
        if !hub.knows(area: id) {
            guard try context.environment.store.catalog().area(id) != nil else {
                throw HTTPError.notFound("There is no area \"\(id)\".")
            }
            hub.remember(area: id)
        }
        var response = Response(headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"])
        response.eventStream = hub.open(area: id, lastEventID: context.request.headers["Last-Event-ID"])
        return response
    }
}
