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

    @Test func theListIsTheManifests() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.hasPrefix("let engineFeatures = [") })
        let listed = line.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " \""))
        }
        #expect(listed == ProcessorSupport.engineFeatures)
    }
}
