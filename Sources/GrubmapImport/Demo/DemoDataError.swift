/// Why a demo data file was refused. Each case names the file; a place's error names the place too.
public enum DemoDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folder of demo files is missing from the module's resources.
    case folderMissing
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not valid JSON or its area is invalid (outside any place).
    case invalidArea(file: String, reason: String)
    /// A place is invalid. `id` is the place's id as written, when it has one; `index` counts from 0.
    case invalidPlace(file: String, index: Int, id: String?, reason: String)

    public var description: String {
        switch self {
        case .folderMissing:
            "the demo data folder is missing from GrubmapImport's resources"
        case .unreadable(let file, let reason):
            "\(file): cannot read: \(reason)"
        case .invalidArea(let file, let reason):
            "\(file): \(reason)"
        case .invalidPlace(let file, let index, let id, let reason):
            "\(file): place \(id.map { "\"\($0)\"" } ?? "#\(index)") (places[\(index)]): \(reason)"
        }
    }
}
