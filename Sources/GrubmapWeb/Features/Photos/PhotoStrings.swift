import GrubmapCore

/// The words of meal photos, in one language: the rating page's "Add a photo", and the photos on the dish page.
struct PhotoStrings: LocalizedStrings {
    let language: Language

    var heading: String { text(en: "Your photo", ko: "내 사진") }
    var addPhoto: String { text(en: "Add a photo", ko: "사진 올리기") }
    var replacePhoto: String { text(en: "Replace your photo", ko: "사진 바꾸기") }
    var fileLabel: String { text(en: "Photo of the meal", ko: "메뉴 사진") }
    var fileHint: String {
        text(
            en: "JPEG, PNG or WebP, at most 15 MB. Where and with what it was taken is removed.",
            ko: "JPEG, PNG, WebP 파일, 15MB까지. 찍은 위치와 기기 정보는 지워져요.")
    }
    var upload: String { text(en: "Upload photo", ko: "사진 올리기") }
    var added: String { text(en: "Thanks! Your photo is added.", ko: "고마워요! 사진을 올렸어요.") }
    var rateFirst: String {
        text(en: "Save your rating first; then you can add a photo.", ko: "평가를 먼저 저장하면 사진을 올릴 수 있어요.")
    }
    /// The alt text of a meal's photo.
    func photoOf(_ meal: String) -> String { text(en: "Photo of \(meal)", ko: "\(meal) 사진") }
    /// Said to the author of a photo an operator hid.
    func hidden(_ reason: String) -> String {
        text(
            en: "An organiser hid your photo from others: \(reason).",
            ko: "운영자가 사진을 다른 분들에게 숨겼어요. 이유: \(reason).")
    }

    /// What went wrong with an upload, by the code of its error (the rating page says it after coming back).
    func problem(_ code: String) -> String {
        switch code {
        case "invalid_image":
            text(
                en: "That file is not a whole JPEG, PNG or WebP image. Nothing was stored.",
                ko: "JPEG, PNG, WebP 이미지가 아니거나 파일이 잘렸어요. 아무것도 저장하지 않았어요.")
        case "too_many_pixels":
            text(
                en: "That photo is too big: at most 50 megapixels and 16,384 pixels on a side. Nothing was stored.",
                ko: "사진이 너무 커요. 5천만 화소, 한 변 16,384픽셀까지예요. 아무것도 저장하지 않았어요.")
        case "too_large":
            text(en: "That file is over 15 MB. Nothing was stored.", ko: "파일이 15MB보다 커요. 아무것도 저장하지 않았어요.")
        case "not_rated", "profile_required": rateFirst
        default:
            text(en: "The photo could not be stored. Try again.", ko: "사진을 저장하지 못했어요. 다시 시도해 주세요.")
        }
    }

    /// The dish page's photos.
    var photosHeading: String { text(en: "Photos", ko: "사진") }
    var noPhotos: String { text(en: "No photos yet.", ko: "아직 사진이 없어요.") }
    /// "Ada L. · Geumjeong Hall, Monday, December 7"
    func photoBy(_ author: String?, at place: String, on date: String) -> String {
        let who = author ?? text(en: "Someone", ko: "누군가")
        return "\(who) · \(place), \(date)"
    }

    func flagLabel(_ author: String?) -> String {
        text(
            en: "Report the photo of \(author ?? "someone") to the organisers",
            ko: "\(author ?? "누군가")의 사진을 운영자에게 신고")
    }

    static func forLanguage(_ language: Language) -> PhotoStrings {
        language == .korean ? korean : english
    }

    static let english = PhotoStrings(language: .english)
    static let korean = PhotoStrings(language: .korean)
}
