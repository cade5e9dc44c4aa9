import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
do {
    status = try Command.run(arguments)
} catch let error as UsageError {
    FileHandle.standardError.write(Data((error.message + "\n").utf8))
    status = 2
} catch {
    FileHandle.standardError.write(Data("grubmap: \(error)\n".utf8))
    status = 1
}
exit(status)
