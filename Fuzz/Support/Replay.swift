import Foundation

/// Runs a fuzz target's entry once on each file named on the command line (or every file in a folder named), as
/// libFuzzer would: how an input the fuzzer reported is reproduced in an ordinary build, under a debugger.
public func replayFiles(_ target: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) {
    var files: [String] = []
    for argument in CommandLine.arguments.dropFirst() {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
            files += names.sorted().map { argument + "/" + $0 }
        } else {
            files.append(argument)
        }
    }
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
            exit(2)
        }
        let bytes = [UInt8](data)
        _ = bytes.withUnsafeBufferPointer { buffer in
            target(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count)
        }
    }
    print("replayed \(files.count) inputs")
}

/// A fuzz target's `main`: libFuzzer's driver in a fuzzing build (`-DFUZZING`, linked with `-sanitize=fuzzer`),
/// else ``replayFiles(_:)``.
public func fuzzMain(_ target: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
    #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, target))
    #else
        replayFiles(target)
        exit(0)
    #endif
}

#if FUZZING
    /// libFuzzer's entry for a program with its own `main` (SwiftPM names each executable's `main` itself).
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt
#endif
