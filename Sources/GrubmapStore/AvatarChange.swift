import GrubmapCore

/// What saving a profile does to its avatar.
public enum AvatarChange: Sendable {
    case keep
    case remove
    case replace(Avatar)
}
