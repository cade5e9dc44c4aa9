import GrubmapAPI
import GrubmapCore

/// A meal photo's thumbnail linking to its large picture, with its size so the page does not move as it loads.
struct PhotoPicture {
    let id: Serial<MealPhoto>
    let width: Int
    let height: Int
    let alt: String
    /// Loaded only when scrolled near (the board); the rating page's own photo is loaded at once.
    let isLazy: Bool

    /// `nil` for a photo whose id cannot be an address (the store gives positive ids only).
    init?(_ photo: MealPhoto, alt: String, isLazy: Bool = true) {
        guard let id = Serial<MealPhoto>(photo.id) else { return nil }
        self.id = id
        width = photo.thumbnailWidth
        height = photo.thumbnailHeight
        self.alt = alt
        self.isLazy = isLazy
    }

    var node: Node {
        el(.a, .class("meal-photo-link"), .href(Paths.photo(id))) {
            el(
                .img,
                attributes: [
                    .class("meal-photo"), Attribute("src", Paths.photoThumbnail(id)),
                    Attribute("width", String(width)), Attribute("height", String(height)), Attribute("alt", alt),
                ] + (isLazy ? [Attribute("loading", "lazy")] : []))
        }
    }

    /// The photo's addresses as the API gives them.
    var body: API.PhotoBody { API.PhotoBody(url: Paths.photo(id), thumbnailUrl: Paths.photoThumbnail(id)) }
}
