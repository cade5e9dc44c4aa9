import CSQLite
import GrubmapCore

/// `grubmap_nearest(latitude, longitude, south, north, west, east, south, north, west, east)`: an R*Tree query
/// function (<https://www.sqlite.org/rtree.html#custom_r_tree_queries>) that makes `places_rtree` give its entries
/// nearest first to the point, keeping only those that meet both boxes (`west > east` for a box across the
/// antimeridian): the query's, and the one holding every place asked for (an area's), without which a search for
/// more places than a small area has would go through every other area's places in order before it ended.
///
/// Each node and entry gets as its score ``GeodesicDisc/lowerBoundMeters(fromLatitude:longitude:south:north:west:east:)``
/// of its rectangle (`min_latitude`, `max_latitude`, `min_longitude`, `max_longitude`, in the table's column
/// order); the R*Tree visits nodes and returns entries from a priority queue in order of that score, which is never
/// less than a node's, so with `LIMIT n` a query reads about n entries. ``NearestSearch/runInOrder(excluding:fetch:key:lowerBound:)``
/// turns them into the exact nearest places. A C function pointer, so it captures nothing.
let nearestScore: @convention(c) (UnsafeMutablePointer<sqlite3_rtree_query_info>?) -> Int32 = { info in
    guard let info, info.pointee.nParam == 10, info.pointee.nCoord == 4, let parameters = info.pointee.aParam,
        let box = info.pointee.aCoord
    else { return SQLITE_ERROR }
    func meets(_ first: Int) -> Bool {
        let (south, north, west, east) = (
            parameters[first], parameters[first + 1], parameters[first + 2], parameters[first + 3]
        )
        let meetsLatitudes = box[1] >= south && box[0] <= north
        return meetsLatitudes
            && (west <= east ? box[3] >= west && box[2] <= east : box[3] >= west || box[2] <= east)
    }
    guard meets(2) && meets(6) else {
        info.pointee.eWithin = NOT_WITHIN
        return SQLITE_OK
    }
    info.pointee.eWithin = PARTLY_WITHIN
    info.pointee.rScore = GeodesicDisc.lowerBoundMeters(
        fromLatitude: parameters[0], longitude: parameters[1], south: box[0], north: box[1], west: box[2],
        east: box[3])
    return SQLITE_OK
}
