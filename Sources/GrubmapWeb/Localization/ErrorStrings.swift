import GrubmapCore
import GrubmapHTTP

/// What an error page says went wrong, by the error's code and the field it names. English says the message the
/// error was thrown with, which its throw site writes for that code and field ("near: latitude 91.0 is outside
/// [-90, 90]."); Korean says the same here, one sentence per code, naming the field. A message a console page
/// already wrote in Korean (the operator's words) is shown as it is.
struct ErrorStrings: LocalizedStrings {
    let language: Language

    static let english = ErrorStrings(language: .english)
    static let korean = ErrorStrings(language: .korean)

    static func forLanguage(_ language: Language) -> ErrorStrings {
        language == .korean ? korean : english
    }

    /// The sentence under the error page's title.
    func explanation(_ error: HTTPError) -> String {
        if language == .korean && Self.startsInKorean(error.message) { return error.message }
        return text(en: error.message, ko: Self.korean(code: error.code, field: error.field.map { "‘\($0)’" }))
    }

    /// Korean for every code Grubmap answers with; `field` is the parameter's name, quoted, when the error names
    /// one. Unknown codes get a sentence that still says what to do.
    static func korean(code: String, field: String?) -> String {
        let value = field.map { "\($0) 값" } ?? "값"
        return switch code {
        case "not_found": "이 주소에는 아무것도 없어요. 주소를 확인하거나 첫 화면에서 다시 찾아보세요."
        case "method_not_allowed": "이 주소는 그런 요청을 받지 않아요."
        case "csrf": "양식이 만료되었거나 Grubmap에서 보낸 양식이 아니에요. 페이지를 새로 고친 뒤 다시 시도해 주세요."
        case "rate_limited": "짧은 시간에 너무 많이 바꾸셨어요. 잠시 뒤에 다시 시도해 주세요."
        case "too_large": "보내신 내용이 이 주소가 받을 수 있는 크기보다 커요. 더 작은 파일로 다시 보내 주세요."
        case "internal_error": "요청을 처리하지 못했어요. 잠시 뒤에 다시 시도해 주세요."
        case "database_unavailable": "지금은 Grubmap이 데이터베이스에 연결하지 못해요. 잠시 뒤에 다시 시도해 주세요."
        case "server_busy": "지금은 서버가 너무 바빠요. 잠시 뒤에 다시 시도해 주세요."
        case "too_many_connections": "지금은 서버에 연결이 너무 많아요. 잠시 뒤에 다시 시도해 주세요."
        case "shutting_down": "서버가 다시 시작하는 중이에요. 잠시 뒤에 다시 시도해 주세요."
        case "missing_parameter": "주소에 \(value)이 빠졌어요. 주소를 다시 확인해 주세요."
        case "invalid_coordinate": "\(value)이 올바른 좌표가 아니에요. 35.2335,129.0800처럼 위도와 경도를 도 단위로 써 주세요."
        case "invalid_position": "위치를 알아볼 수 없어요. 35.2335,129.0800처럼 위도와 경도를 도 단위로 써 주세요."
        case "invalid_date": "\(value)이 올바른 날짜가 아니에요. 2026-03-02처럼 써 주세요."
        case "invalid_day": "\(value)이 올바른 요일이 아니에요. 0(일요일)부터 6(토요일)까지의 숫자로 써 주세요."
        case "invalid_parameter": "주소의 \(value)을 알아볼 수 없어요. 주소를 다시 확인해 주세요."
        case "unknown_parameter": "\(value)은 이 주소에서 쓸 수 없어요. 빼고 다시 시도해 주세요."
        case "repeated_parameter": "\(value)이 두 번 이상 들어 있어요. 한 번만 써 주세요."
        case "contradictory_parameters": "\(value)은 함께 써야 하는 다른 값이 없어서 쓸 수 없어요. 주소를 다시 확인해 주세요."
        case "invalid_bbox": "지도 범위(\(value))는 서쪽, 남쪽, 동쪽, 북쪽 순서로 도 단위 숫자 네 개를 써야 해요."
        case "invalid_radius": "반경(\(value))은 0보다 크고 지구 둘레의 절반 이하인 미터 값이어야 해요."
        case "invalid_order": "순서(\(value))는 walking만 쓸 수 있어요. near와 함께 써 주세요."
        case "invalid_limit": "개수(\(value))는 1부터 정해진 최대 개수까지의 정수여야 해요."
        case "invalid_cursor": "목록의 다음 페이지를 찾지 못했어요. 목록의 첫 페이지부터 다시 열어 주세요."
        case "invalid_preference": "설정의 \(value)을 바꾸지 못했어요. 목록에 있는 것 가운데에서 골라 주세요."
        case "not_today": "품절은 오늘 식단에만 표시할 수 있어요. \(value)에 오늘 날짜를 보내 주세요."
        case "period_over": "이 메뉴의 식사 시간은 오늘 이미 끝났어요. 품절은 식사 시간 중이나 그 전에만 알릴 수 있어요."
        case "menu_closed": "이날은 식단이 없거나 운영하지 않는 날이라 품절을 표시할 수 없어요."
        case "invalid_meal": "\(value)에 해당하는 메뉴가 오늘 식단에 없어요. 식단을 새로 고친 뒤 다시 시도해 주세요."
        case "invalid_sold_out": "품절 요청의 \(value)을 알아볼 수 없어요. {\"date\", \"mealId\"}를 보내 주세요."
        case "device_required": "한 사람의 제보로 한 번만 세려면 먼저 Grubmap 페이지를 열거나 세션을 보내 주세요."
        case "invalid_bookmark": "즐겨찾기 요청의 \(value)을 알아볼 수 없어요. 페이지를 새로 고친 뒤 별을 다시 눌러 주세요."
        case "invalid_profile": "프로필의 \(value)을 알아볼 수 없어요. 프로필 페이지에서 다시 저장해 주세요."
        case "profile_required": "체크인하거나 메뉴를 평가하려면 먼저 프로필을 만들어 주세요."
        case "invalid_rating": "평가의 \(value)을 알아볼 수 없어요. 별은 1에서 5까지, 한마디는 140자까지예요. 아무것도 저장하지 않았어요."
        case "invalid_subscription":
            "알림 구독의 \(value)을 알아볼 수 없어요. 주소는 공개된 https 주소, 키는 p256dh 65바이트와 auth 16바이트여야 해요. 아무것도 저장하지 않았어요."
        case "not_rateable": "메뉴는 나온 날과 그 뒤 이틀 동안만 평가할 수 있어요. \(value)을 확인해 주세요."
        case "invalid_sort": "식단표는 평점 높은 순(rating)으로만 다르게 정렬할 수 있어요. \(value)을 빼거나 rating으로 보내 주세요."
        case "invalid_photo": "사진 요청의 \(value)을 알아볼 수 없어요. placeId, date, dishId를 주소에 넣어 보내 주세요. 아무것도 저장하지 않았어요."
        case "invalid_image": "JPEG, PNG, WebP 이미지가 아니거나 파일이 잘렸어요. 아무것도 저장하지 않았어요."
        case "too_many_pixels": "사진이 너무 커요. 한 변 16,384픽셀, 모두 5천만 화소까지 올릴 수 있어요. 아무것도 저장하지 않았어요."
        case "not_rated": "사진은 평가한 메뉴에만 올릴 수 있어요. 먼저 이 메뉴를 평가해 주세요. 아무것도 저장하지 않았어요."
        case "not_on_menu": "그날 그 식당 식단에 이 메뉴가 없어요. 아무것도 저장하지 않았어요."
        case "invalid_level": "줄 길이(\(value))는 none, short, long, very_long 가운데 하나여야 해요."
        case "invalid_check_in": "체크인 요청의 \(value)을 알아볼 수 없어요. 장소 페이지에서 다시 시도해 주세요."
        case "invalid_outcome": "안내를 마치는 요청을 알아볼 수 없어요. 첫 화면에서 다시 시도해 주세요."
        case "invalid_destination": "목적지(\(value))를 알아볼 수 없어요. 장소를 고르거나 위도와 경도를 써 주세요."
        case "area_mismatch": "이 장소는 고른 지역에 있지 않아요. 장소가 있는 지역에서 다시 시도해 주세요."
        case "area_required": "이 위치를 포함하는 지역이 없어요. 지역 안의 위치를 골라 주세요."
        case "no_fare_schedule": "이 지역에는 차량 요금표가 없어요."
        case "no_routing_graph": "이 지역에는 아직 걸어서 갈 길 정보가 없어요."
        case "no_route": "두 곳을 잇는 길이 없어요. 서로 이어지지 않은 길 위에 있어요."
        case "bad_query": "주소의 물음표(?) 뒤 내용을 알아볼 수 없어요. 주소를 다시 확인해 주세요."
        case "bad_path": "주소의 경로에 잘못된 %-인코딩이 있어요. 주소를 다시 확인해 주세요."
        case "bad_form": "보낸 양식의 \(value)을 알아볼 수 없어요. 페이지를 새로 고친 뒤 다시 보내 주세요."
        case "bad_request": "요청을 알아볼 수 없어요. 주소를 다시 확인해 주세요."
        case "bad_header": "요청 헤더의 이름에 쓸 수 없는 문자가 있어요."
        case "bad_host": "요청에 Host 헤더가 정확히 하나 있어야 해요."
        case "bad_target": "요청 주소에 공백이나 제어 문자가 있거나 /로 시작하지 않아요."
        case "bad_framing": "요청의 길이를 알 수 없어요. 브라우저나 프로그램에서 다시 보내 주세요."
        case "bad_request_id": "X-Request-ID 헤더는 한 번만, 정해진 문자로 보내야 해요."
        case "unsupported_transfer_coding": "서버가 풀 수 없는 전송 인코딩으로 보냈어요."
        case "unsupported_media_type": "이 주소는 그런 형식으로 보낸 내용을 받지 않아요."
        case "invalid_json": "보낸 JSON의 \(value)을 알아볼 수 없어요."
        case "unauthorized": "작동하는 API 키가 필요해요. 관리 화면에서 키를 만들 수 있어요."
        case "read_only_key": "읽기 전용 API 키로는 바꿀 수 없어요. 읽기와 쓰기 키를 써 주세요."
        case "forbidden": "이 일은 할 수 있는 권한이 없어요."
        case "offline": "오프라인이라 아무것도 바꾸지 못했어요. 다시 연결되면 해 주세요."
        case "invalid_sign_in": "로그인 양식의 \(value)을 알아볼 수 없어요. 페이지를 새로 고친 뒤 다시 로그인해 주세요."
        case "invalid_setup": "계정 설정 양식의 \(value)을 알아볼 수 없어요. 설정 링크를 다시 열어 주세요."
        case "setup_conflict": "이미 사용한 설정 링크예요. 비밀번호로 로그인하거나 담당자에게 새 링크를 요청해 주세요."
        case "invalid_second_factor": "2단계 인증 양식의 \(value)을 알아볼 수 없어요. 페이지를 새로 고친 뒤 다시 해 보세요."
        case "invalid_place": "장소 양식의 \(value)을 알아볼 수 없어요. 페이지를 새로 고친 뒤 다시 저장해 주세요."
        case "place_in_other_area": "이 장소는 다른 지역의 장소라서 이 키로는 다룰 수 없어요. 아무것도 바뀌지 않았어요."
        case "place_id_taken": "다른 장소가 이미 그 아이디를 쓰고 있어요. 다른 아이디를 골라 주세요."
        case "invalid_exception": "휴무일 양식의 \(value)을 알아볼 수 없어요. 2026-12-03처럼 날짜를 적어 주세요."
        case "invalid_dish": "요리 이름 요청의 \(value)을 알아볼 수 없어요. 아무것도 바뀌지 않았어요."
        case "unknown_dish": "이 지역에 그런 번호의 요리가 없어요. 아무것도 바뀌지 않았어요."
        case "merge_into_itself": "요리를 그 요리 자신에 합칠 수는 없어요. 다른 요리를 골라 주세요."
        case "different_areas": "다른 지역의 요리끼리는 합칠 수 없어요. 아무것도 바뀌지 않았어요."
        case "unknown_key": "이 요리에는 그런 이름이 묶여 있지 않아요. 목록에 있는 이름 가운데에서 골라 주세요."
        case "only_key": "이 요리에 묶인 이름이 하나뿐이라 나눌 수 없어요."
        case "invalid_suggestion":
            "이름 제안의 \(value)을 알아볼 수 없어요. 언어는 en이나 ko로, 이름은 250자 이내로 보내 주세요. 아무것도 저장되지 않았어요."
        case "same_name": "이미 그 언어로 그 이름이 붙어 있어요. 다른 이름을 제안해 주세요."
        case "invalid_follow": "팔로우하려면 followed=1, 그만두려면 followed=0을 보내 주세요. 아무것도 바꾸지 않았어요."
        case "too_many_followed": "메뉴는 100개까지 팔로우할 수 있어요. 하나를 그만둔 뒤 다시 시도해 주세요."
        case "too_many_suggestions": "확인을 기다리는 제안이 너무 많아요. 운영자가 확인한 뒤에 더 제안해 주세요."
        case "suggestion_decided": "그 이름 제안은 이미 처리되었어요. 아무것도 바뀌지 않았어요."
        case "invalid_menu": "메뉴 양식의 \(value)을 알아볼 수 없어요. 페이지를 새로 고친 뒤 다시 저장해 주세요."
        case "invalid_moderation": "관리 감독 양식의 \(value)을 알아볼 수 없어요. 페이지를 새로 고친 뒤 다시 해 보세요."
        case "invalid_feed": "피드 주소는 https:// 또는 http://로 시작해야 하고, 사용자 이름이나 비밀번호를 넣을 수 없어요."
        case "feed_limit": "이 지역에는 피드를 더 둘 수 없어요. 다른 피드를 먼저 삭제해 주세요."
        case "bad_currency": "이 지역의 통화를 알 수 없어요. 운영자에게 알려 주세요."
        default: "요청을 처리할 수 없어요. 주소나 양식을 다시 확인해 주세요."
        }
    }

    /// Whether the first letter of `message` is Hangul: a message a console page wrote in the operator's Korean.
    private static func startsInKorean(_ message: String) -> Bool {
        guard let letter = message.unicodeScalars.first(where: \.properties.isAlphabetic) else { return false }
        return TextLanguage.guess(String(letter)) == Language.korean.rawValue
    }
}
