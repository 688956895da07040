import Testing
@testable import GraphModel

/// A refused allocation says its size and the room left in units that compare at a glance.
struct MemoryRequestTests {
    @Test func aRefusalGivesSizesBelowAGibibyteInMebibytes() {
        let small = MemoryRequest.Refusal(purpose: "the polish", bytes: 25_020_000, room: 20_000_000, bound: "the memory limit")
        #expect(small.description
                == "not enough memory: 25020000 bytes (23.9 MiB) for the polish, more than the memory limit leaves (19.1 MiB)")
        let large = MemoryRequest.Refusal(purpose: "the distances", bytes: 3_233_040_000, room: 600_000_000,
                                          bound: "the machine's available memory")
        #expect(large.description == "not enough memory: 3233040000 bytes (3.01 GiB) for the distances, "
                + "more than the machine's available memory leaves (572.2 MiB)")
    }
}
