import Foundation
import GrubmapCore

extension API {
    /// A meal photo's two pictures: the one of at most 1,280 pixels on its longest side, and its thumbnail of 320.
    /// Both addresses are relative to the server and never change what they answer (cache them for good).
    public struct PhotoBody: Codable, Sendable, Equatable {
        public let url: String
        public let thumbnailUrl: String

        public init(url: String, thumbnailUrl: String) {
            self.url = url
            self.thumbnailUrl = thumbnailUrl
        }
    }

    /// The answer to `POST /api/v1/me/photos`: the stored photo's id and its pictures' addresses.
    public struct UploadedPhotoBody: Codable, Sendable, Equatable {
        public let id: Int64
        public let url: String
        public let thumbnailUrl: String

        public init(id: Int64, url: String, thumbnailUrl: String) {
            self.id = id
            self.url = url
            self.thumbnailUrl = thumbnailUrl
        }
    }
}
