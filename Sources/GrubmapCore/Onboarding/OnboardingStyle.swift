/// How onboarding is shown; every style shows the same content.
public enum OnboardingStyle: String, CaseIterable, Codable, Sendable {
    /// Every row on one sheet, with a close button and a Start button.
    case basic
    /// One page per screen, swiped or stepped through, with page dots.
    case slides
    /// Pages that advance by themselves every few seconds, each with a progress bar.
    case progress
}
