import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapImaging
import GrubmapStore

/// Meal photos: a person who rated a meal adds a photo of it from the rating page's form or with
/// `POST /api/v1/me/photos?placeId=&date=&dishId=`; Grubmap keeps only the two JPEGs it makes of it
/// (``PhotoMaker``), served at `/photos/{id}.jpg` and `/photos/{id}/thumbnail.jpg` while no operator hid them.
struct PhotosFeature: RouteCollection {
    let menus: any MenuStore
    let dishes: any DishStore
    let profiles: any ProfileStore
    let ratings: any RatingStore
    let photos: any PhotoStore

    /// The most bytes an upload may have: the photo's limit, and a little for a form's other parts.
    static let maximumBodyBytes = PhotoImages.maximumBytes + 64 * 1024
    /// The media types an upload may declare; what it is comes from its bytes.
    static let mediaTypes: Set<String> = ["image/jpeg", "image/png", "image/webp"]
    /// The query field of the rating page a stored photo comes back to, which says so.
    static let addedField = "photo"
    /// The query field of the dish page a flag comes back to, which thanks the person.
    static let flaggedField = "photoFlagged"

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.post, Paths.API.photos, .api, .required, maximumBodyBytes: Self.maximumBodyBytes, apiUpload)
        routes.add(.post, Paths.photoUpload, .page, .required, maximumBodyBytes: Self.maximumBodyBytes, formUpload)
        routes.add(.post, Paths.photoFlag, .page, .optional, flagPhoto)
        routes.add(.get, Paths.photo, .page, .none) { _, id in try picture(id, thumbnail: false) }
        routes.add(.get, Paths.photoThumbnail, .page, .none) { _, id in try picture(id, thumbnail: true) }
    }

    /// `POST /api/v1/me/photos?placeId=&date=&dishId=` with the image as the body: 201 with its id and addresses.
    func apiUpload(_ context: SessionContext) throws -> Response {
        let request = context.request
        let declared = request.headers["Content-Type"]?.split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let declared, Self.mediaTypes.contains(declared) else {
            throw HTTPError(
                .unsupportedMediaType, code: "unsupported_media_type",
                message: "Send the photo as the body with Content-Type image/jpeg, image/png or image/webp.")
        }
        let query = request.query
        guard let dishText = query["dishId"], let dishID = Dish.ID(dishText) else {
            throw HTTPError.badRequest(
                "dishId: name the dish of the meal (a positive number).", code: "invalid_photo", field: "dishId")
        }
        let meal = try RateableMeal(
            context.parent, menus: menus, dishes: dishes, dishID: dishID, placeID: query["placeId"],
            date: query["date"])
        let id = try store(request.body, meal: meal, context: context)
        return .json(
            API.UploadedPhotoBody(
                id: id.rawValue, url: Paths.photo(id), thumbnailUrl: Paths.photoThumbnail(id)),
            status: .created)
    }

    /// `POST /dishes/{id}/photo` (multipart, from the rating page) with `placeId`, `date` and the file `photo`: back
    /// to the rating page, which says it was added, or the rating page again (400) with the problem, nothing stored.
    func formUpload(_ context: SessionContext, id: Dish.ID) throws -> Response {
        let fields = try context.request.formFields()
        let meal = try RateableMeal(
            context.parent, menus: menus, dishes: dishes, dishID: id, placeID: fields["placeId"], date: fields["date"])
        let upload = context.request.formParts.first { $0.name == "photo" && $0.filename != nil }
        do {
            _ = try store(upload?.data ?? [], meal: meal, context: context)
        } catch let error as HTTPError {
            // The rating page says what was wrong (``PhotoStrings/problem(_:)``).
            return .redirect(
                to: RatingsFeature.pagePath(
                    dish: meal.dish.id, at: meal.serving, query: [(Self.addedField, error.code)], fragment: "photo"))
        }
        return .redirect(
            to: RatingsFeature.pagePath(
                dish: meal.dish.id, at: meal.serving, query: [(Self.addedField, "added")], fragment: "photo"))
    }

    /// `POST /dishes/{id}/photo-flag` with `photo`: counted once per person (a session, or a browser's signed device)
    /// for the area's operators; back to the dish page, which thanks them.
    func flagPhoto(_ context: VisitorContext, id: Dish.ID) throws -> Response {
        let fields = try context.request.formFields()
        guard let text = fields["photo"], let photoID = Int64(text), let photo = try photos.photo(id: photoID),
            photo.hiddenReason == nil, let dish = try dishes.dish(id: id), photo.dishID == dish.id
        else {
            throw HTTPError.notFound("There is no such photo of dish \(id).")
        }
        try photos.flagPhoto(id: photo.id, reporter: try context.visitor.reporterKey())
        return .redirect(to: Paths.dish(dish.id, query: [(Self.flaggedField, "1")], fragment: "photos"))
    }

    /// Makes and stores the photo of the session's profile of `meal`; each refusal an ``HTTPError`` with nothing
    /// stored: 409 without a profile or a rating of the meal, 400 for what is not an image, 413 for too many pixels.
    private func store(_ bytes: [UInt8], meal: RateableMeal, context: SessionContext) throws -> Serial<MealPhoto> {
        let token = context.session.token
        // Checked before the work of decoding; the store checks both again as it writes.
        guard try profiles.profile(sessionToken: token) != nil else { throw Self.profileRequired }
        guard try ratings.rating(sessionToken: token, placeID: meal.place.id, date: meal.date, key: meal.key) != nil
        else { throw Self.notRated }
        let images: PhotoImages
        do throws(PhotoError) {
            images = try PhotoMaker.make(from: bytes)
        } catch .tooManyPixels(let width, let height) {
            throw HTTPError(
                .contentTooLarge, code: "too_many_pixels",
                message: "photo: \(PhotoError.tooManyPixels(width: width, height: height)).", field: "photo")
        } catch {
            throw HTTPError.badRequest("photo: \(error).", code: "invalid_image", field: "photo")
        }
        switch try photos.addPhoto(
            images, key: meal.key, placeID: meal.place.id, date: meal.date, areaID: meal.area.id,
            sessionToken: token, at: context.now)
        {
        case .stored(let id):
            guard let id = Serial<MealPhoto>(id) else { throw HTTPError.notFound("The photo was not stored.") }
            return id
        case .noProfile: throw Self.profileRequired
        case .notRated: throw Self.notRated
        }
    }

    private static let profileRequired = HTTPError(
        .conflict, code: "profile_required",
        message: "Make a profile (PUT \(Paths.API.profile())) and rate the meal before adding a photo of it.")
    private static let notRated = HTTPError(
        .conflict, code: "not_rated",
        message:
            "Rate the meal (PUT \(Paths.API.ratings())) before adding a photo of it: photos are of meals you rated.")

    /// `GET /photos/{id}.jpg` and `/photos/{id}/thumbnail.jpg`: the JPEG Grubmap made; 404 once an operator hid it.
    /// Its bytes never change (a replaced photo gets a new id), but whether it may be shown does: browsers and
    /// shared caches keep it a day, so a hidden photo is gone from every cache by the next day.
    private func picture(_ id: Serial<MealPhoto>, thumbnail: Bool) throws -> Response {
        guard let bytes = try photos.photoBytes(id: id.rawValue, thumbnail: thumbnail) else {
            throw HTTPError.notFound("There is no photo here.")
        }
        var response = Response(status: .ok, headers: ["Content-Type": "image/jpeg"], body: bytes)
        response.headers["Cache-Control"] = "public, max-age=86400"
        response.headers["Content-Security-Policy"] = "default-src 'none'"
        return response
    }
}
