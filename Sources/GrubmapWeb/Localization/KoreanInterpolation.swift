import GrubmapCore

extension DefaultStringInterpolation {
    /// A name followed by a Korean particle in the form the name's ending takes: `"\(name, particle: .toward) 돌아가기"`
    /// is "부산캠퍼스로 돌아가기" and "금정회관으로 돌아가기". Korean strings write this where a name the page fills in
    /// comes before 을/를, 이/가, 은/는, 과/와 or 으로/로, never a fallback like "(으)로".
    mutating func appendInterpolation(_ name: String, particle: KoreanParticle) {
        appendLiteral(particle.attached(to: name))
    }
}
