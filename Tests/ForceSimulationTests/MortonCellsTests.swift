import Testing
@testable import ForceSimulation

/// Fast mode's cells: a permutation of the nodes within reach, split into nested point ranges down to small leaves.
@Suite struct MortonCellsTests {
    /// The cells over `points`, checked for shape: every cell's children are consecutive, after it, and tile its
    /// range; the leaves tile all kept points; returns the order, the cells and the leaves.
    func arranged(_ points: [SIMD2<Double>], leafSize: Int = 32) throws -> (
        order: [Int], cells: [MultipoleManyBody.Cell], leaves: [Int]
    ) {
        let arrangement = MortonCells()
        let x = points.map(\.x), y = points.map(\.y)
        #expect(arrangement.sort(count: points.count, x: x, y: y, widest: 1e20))
        let cells = ScratchBuffer<MultipoleManyBody.Cell>(), leaves = ScratchBuffer<Int32>()
        let (cellCount, leafCount) = arrangement.cells(into: cells, leaves: leaves, leafSize: leafSize, x: x, y: y)
        let list = Array(UnsafeBufferPointer(start: cells.base, count: cellCount))
        #expect(list[0].from == 0 && Int(list[0].count) == arrangement.keptCount && list[0].parent == -1)
        for (c, cell) in list.enumerated() where cell.childCount > 0 {
            #expect(cell.childCount >= 2 && Int(cell.firstChild) > c)
            var from = cell.from
            for k in Int(cell.firstChild)..<Int(cell.firstChild + cell.childCount) {
                #expect(list[k].parent == Int32(c) && list[k].from == from && list[k].count > 0)
                from += list[k].count
            }
            #expect(from == cell.from + cell.count)
        }
        let leafList = (0..<leafCount).map { Int(leaves.base[$0]) }
        #expect(leafList.allSatisfy { list[$0].childCount == 0 })
        #expect(leafList.map { Int(list[$0].count) }.reduce(0, +) == arrangement.keptCount)
        return ((0..<arrangement.keptCount).map { Int(arrangement.order.base[$0]) }, list, leafList)
    }

    @Test func everyNodeIsInOneSmallLeaf() throws {
        let points = FastModeTests.cluster(5000, side: 800, seed: 7).map { SIMD2($0.x - 400, $0.y * 0.375) }
        let (order, cells, leaves) = try arranged(points)
        #expect(order.sorted() == Array(0..<5000))
        #expect(leaves.allSatisfy { cells[$0].count <= 32 })
        // Each leaf is compact: its points lie within a small square, far smaller than the layout.
        for leaf in leaves {
            let members = order[Int(cells[leaf].from)..<Int(cells[leaf].from + cells[leaf].count)].map { points[$0] }
            let low = members.reduce(SIMD2(repeating: Double.infinity)) { pointwiseMin($0, $1) }
            let high = members.reduce(SIMD2(repeating: -Double.infinity)) { pointwiseMax($0, $1) }
            #expect((high - low).max() <= 800 / 8)
        }
    }

    @Test func aFarNodeDoesNotCrowdTheOthersIntoOneLeaf() throws {
        // 16 bits a coordinate over a 1e12-wide square cannot tell the unit square's points apart: they are keyed
        // again within their own square.
        var points = FastModeTests.cluster(1000, side: 1, seed: 3)
        points.append(SIMD2(1e12, -1e12))
        let (_, cells, leaves) = try arranged(points)
        #expect(leaves.allSatisfy { cells[$0].count <= 32 })
        #expect(leaves.count >= 1000 / 32)
    }

    @Test func coincidentNodesShareALeafAndTiesKeepNodeOrder() throws {
        let points = Array(repeating: SIMD2(5.0, 5.0), count: 100) + [SIMD2(6, 6)]
        let (order, cells, leaves) = try arranged(points)
        #expect(order == Array(0..<101))
        #expect(leaves.map { Int(cells[$0].count) }.sorted() == [1, 100])
    }

    @Test func nodesOutOfReachTakeNoPartAndNoneLeavesNothingToSort() throws {
        let (order, _, _) = try arranged([SIMD2(1, 2), SIMD2(.nan, 0), SIMD2(3, .infinity), SIMD2(-1, 4)])
        #expect(order == [0, 3])
        let arrangement = MortonCells()
        #expect(!arrangement.sort(count: 1, x: [Double.nan], y: [0], widest: 1e20))
        #expect(!arrangement.sort(count: 2, x: [0, 1e21], y: [0, 0], widest: 1e20))
    }
}
