import Foundation
import ProcessorSupport
import Testing

/// The start-up check of a binary whose engine was built for AVX2 and FMA (Package.swift's FORCELAB_NATIVE).
struct ProcessorSupportTests {
    /// /proc/cpuinfo's text for a processor with `flags`, two cores as Linux lists them.
    func cpuinfo(_ flags: [String]) -> String {
        (0..<2).map { core in
            "processor\t: \(core)\nmodel name\t: Some CPU\nflags\t\t: fpu sse sse2 \(flags.joined(separator: " "))\n\n"
        }.joined()
    }

    @Test func aProcessorWithEveryFeatureIsTaken() {
        let info = cpuinfo(ProcessorSupport.engineFeatures)
        #expect(ProcessorSupport.missing(ProcessorSupport.engineFeatures, cpuinfo: info).isEmpty)
        #expect(ProcessorSupport.refusal(program: "forcelab", missing: []) == nil)
    }

    @Test func aProcessorWithoutAVX2AndFMAIsRefusedByName() throws {
        let info = cpuinfo(ProcessorSupport.engineFeatures.filter { $0 != "avx2" && $0 != "fma" })
        let missing = ProcessorSupport.missing(ProcessorSupport.engineFeatures, cpuinfo: info)
        #expect(missing == ["avx2", "fma"])
        let message = try #require(ProcessorSupport.refusal(program: "forcelab", missing: missing))
        #expect(message.hasPrefix("forcelab: "))
        #expect(message.contains("this processor lacks avx2 fma."))
        #expect(message.contains("FORCELAB_NATIVE=0"))
    }

    @Test func aFeatureIsMatchedWholeNotAsAPrefix() {
        // "avx512f" and "fma4" must not stand in for "avx2" and "fma".
        let info = cpuinfo(["avx", "avx512f", "fma4"])
        #expect(ProcessorSupport.missing(["avx", "avx2", "fma"], cpuinfo: info) == ["avx2", "fma"])
    }

    @Test func textWithoutAFlagsLineIsNothingToGoBy() {
        #expect(ProcessorSupport.missing(["avx2"], cpuinfo: "processor\t: 0\nFeatures\t: fp asimd\n").isEmpty)
    }

    /// The cpuinfo name of each feature LLVM's haswell adds to Swift's baseline x86-64 that compiled code may use.
    static let cpuinfoNames = [
        "avx": "avx", "avx2": "avx2", "fma": "fma", "bmi": "bmi1", "bmi2": "bmi2", "f16c": "f16c", "movbe": "movbe",
        "lzcnt": "abm", "popcnt": "popcnt", "sse3": "pni", "ssse3": "ssse3", "sse4.1": "sse4_1", "sse4.2": "sse4_2",
        "crc32": "sse4_2", "sahf": "lahf_lm",
    ]
    /// Haswell's features that only intrinsics reach (the engine calls none).
    static let intrinsicsOnly: Set = ["pclmul", "rdrnd", "fsgsbase", "invpcid", "xsave", "xsaveopt"]

    /// The LLVM features the toolchain's swiftc gives a function, with `arguments` added.
    func compilerFeatures(_ arguments: [String]) throws -> Set<String> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("processor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("f.swift")
        try "public func f(_ a: Double) -> Double { a * a }\n".write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-emit-ir", "-module-name", "F", "-o", "-"] + arguments + [source.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let ir = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let marker = "\"target-features\"=\""
        let start = try #require(ir.range(of: marker)).upperBound
        let list = ir[start...].prefix { $0 != "\"" }
        return Set(list.split(separator: ",").map { String($0.dropFirst()) })
    }

    @Test func theListHasEveryFeatureThatHaswellCodeMayUse() throws {
        let added = try compilerFeatures(["-target-cpu", "haswell"]).subtracting(compilerFeatures([]))
        #expect(!added.isEmpty)
        for feature in added.subtracting(Self.intrinsicsOnly).sorted() {
            let name = try #require(Self.cpuinfoNames[feature], "LLVM's haswell has \(feature), unknown here")
            #expect(ProcessorSupport.engineFeatures.contains(name), "\(feature) (cpuinfo: \(name)) is not checked")
        }
    }

    @Test func theListIsTheManifests() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: "let engineFeatures = ["))
        let end = try #require(manifest.range(of: "]", range: start.upperBound..<manifest.endIndex))
        let listed = manifest[start.upperBound..<end.lowerBound].split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n"))
        }.filter { !$0.isEmpty }
        #expect(listed == ProcessorSupport.engineFeatures)
    }
}

/// The default number of sweep workers: the processors this process's affinity allows (Slurm, taskset).
struct UsableCoresTests {
    @Test func theAffinityMaskIsCountedBitByBit() {
        #expect(UsableCores.allowed(status: "Name:\tforcelab\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(UsableCores.allowed(status: "Cpus_allowed:\t00000000,00000000,0000f0f0\n") == 8)
        #expect(UsableCores.allowed(status: "Cpus_allowed:\tffffffff,ffffffff\n") == 64)
    }

    @Test func noMaskOrAnUnreadableOneGivesNil() {
        #expect(UsableCores.allowed(status: "Name:\tforcelab\n") == nil)
        #expect(UsableCores.allowed(status: "Cpus_allowed:\t0\n") == nil)
        #expect(UsableCores.allowed(status: "Cpus_allowed:\tzz\n") == nil)
    }

    @Test func thisProcessMayUseAtLeastOneCoreAndNoMoreThanTheMachineHas() {
        #expect((1...ProcessInfo.processInfo.activeProcessorCount).contains(UsableCores.count()))
    }
}
