import Testing
@testable import ForceSimulation

/// The flat tree against d3-quadtree's geometry, insertion and visit order.
@Suite struct TreeTests {
    func build(_ points: [(Double, Double)]) -> SpatialTree {
        let tree = SpatialTree()
        let x = points.map(\.0), y = points.map(\.1)
        tree.build(count: points.count, dimensions: 2, x: x, y: y, z: nil)
        return tree
    }

    func cells(_ tree: SpatialTree) -> [(head: Int32, end: Int32, bounds: [Double])] {
        (0..<tree.cellCount).map { c in
            (tree.head.base[c], tree.end.base[c], (0..<4).map { tree.bounds.base[c * 4 + $0] })
        }
    }

    @Test func rootGrowsFromAnIntegerUnitCell() {
        // d3: cover(0.5, 0.5) gives [0, 1]; cover(3, 2) doubles to [0, 4] x [0, 4]. Children: 0 -> (0.5, 0.5)
        // goes to [0,2]x[0,2] (index 0), (3, 2) to index 3 (right, bottom).
        let tree = build([(0.5, 0.5), (3, 2)])
        let c = cells(tree)
        #expect(c.count == 3)
        #expect(c[0].head == -1 && c[0].end == 3 && c[0].bounds == [0, 0, 4, 4])
        #expect(c[1].head == 0 && c[1].bounds == [0, 0, 2, 2])
        #expect(c[2].head == 1 && c[2].bounds == [2, 2, 4, 4])
    }

    @Test func coincidentPointsChainNewestFirstAndNaNIsSkipped() {
        let tree = build([(1, 1), (.nan, 0), (1, 1), (1, 1)])
        #expect(tree.cellCount == 1)
        #expect(tree.head.base[0] == 3)
        #expect(tree.next.base[3] == 2 && tree.next.base[2] == 0 && tree.next.base[0] == -1)
        #expect((0..<4).map { tree.order.base[$0] } == [3, 2, 0, 1])
    }

    @Test func splitsUntilPointsSeparateAndVisitsInChildIndexOrder() {
        // Points in [0,1): (0.1, 0.1) and (0.2, 0.1) share quadrants until width 0.125.
        let tree = build([(0.1, 0.1), (0.2, 0.1), (0.9, 0.9), (0.9, 0.1)])
        let c = cells(tree)
        let leaves = c.filter { $0.head >= 0 }.map(\.head)
        #expect(leaves == [0, 1, 3, 2])
        #expect(c[0].bounds == [0, 0, 1, 1] && c[0].end == Int32(c.count))
        let deepest = c.filter { $0.head == 0 }[0]
        #expect(deepest.bounds[2] - deepest.bounds[0] == 0.125)
    }

    @Test func orderListsTheLeafChainsInPreOrder() {
        // Two points sharing cells for several levels, the later one first in child index order.
        let two = build([(0.2, 0.1), (0.1, 0.1)])
        #expect(cells(two).filter { $0.head >= 0 }.map(\.head) == [1, 0])
        #expect((0..<2).map { two.order.base[$0] } == [1, 0])
        // Close pairs in either order, repeated points and a spread of singles.
        let random = RandomSource(seed: 3)
        var points: [(Double, Double)] = []
        for i in 0..<3000 {
            let p = (random.next() * 100, random.next() * 100)
            points.append(p)
            if i % 3 == 0 { points.append((p.0 + (random.next() - 0.5) * 1e-6, p.1 + (random.next() - 0.5) * 1e-6)) }
            if i % 50 == 0 { points.append(p) }
        }
        let tree = build(points)
        var chained: [Int32] = []
        for c in 0..<tree.cellCount where tree.head.base[c] >= 0 {
            var p = tree.head.base[c]
            while p >= 0 {
                chained.append(p)
                p = tree.next.base[Int(p)]
            }
        }
        #expect(chained == (0..<points.count).map { tree.order.base[$0] })
    }

    @Test func octreeCellsAreOctantsOfTheirParentsAndHoldTheirPoints() {
        // Close pairs (split without partitioning) next to a spread of single points, in 3D.
        let random = RandomSource(seed: 11)
        var x: [Double] = [], y: [Double] = [], z: [Double] = []
        for i in 0..<2000 {
            let p = (random.next() * 50, random.next() * 50, random.next() * 50)
            x.append(p.0)
            y.append(p.1)
            z.append(p.2)
            if i % 2 == 0 {
                x.append(p.0 + 1e-5)
                y.append(p.1)
                z.append(p.2 - 1e-5)
            }
        }
        let tree = SpatialTree()
        tree.build(count: x.count, dimensions: 3, x: x, y: y, z: z)
        func box(_ c: Int) -> [Double] { (0..<6).map { tree.bounds.base[c * 6 + $0] } }
        var placed = 0
        for c in 0..<tree.cellCount {
            let b = box(c)
            if tree.head.base[c] >= 0 {
                var p = Int(tree.head.base[c])
                while p >= 0 {
                    let q = [x[p], y[p], z[p]]
                    #expect((0..<3).allSatisfy { b[$0] <= q[$0] && q[$0] < b[$0 + 3] })
                    placed += 1
                    p = Int(tree.next.base[p])
                }
                continue
            }
            let mid = (0..<3).map { (b[$0] + b[$0 + 3]) / 2 }
            var child = c + 1
            while child < Int(tree.end.base[c]) {
                let k = box(child)
                let halves = (0..<3).map { a -> Bool in
                    let (lower, upper) = (k[a], k[a + 3])
                    return (lower == b[a] && upper == mid[a]) || (lower == mid[a] && upper == b[a + 3])
                }
                #expect(halves == [true, true, true])
                child = Int(tree.end.base[child])
            }
        }
        #expect(placed == x.count)
    }

    @Test func subtreesBuiltOnThreadsGiveTheSameTree() {
        let random = RandomSource(seed: 7)
        var x: [Double] = [], y: [Double] = []
        for i in 0..<20000 {
            // Clusters at several scales, repeated points and a few NaN coordinates.
            let scale = i % 3 == 0 ? 1000.0 : i % 3 == 1 ? 10 : 0.001
            x.append(i % 101 == 0 ? 3 : (random.next() - 0.5) * scale)
            y.append(i % 101 == 0 ? 4 : i % 997 == 0 ? .nan : (random.next() - 0.5) * scale)
        }
        let one = SpatialTree(), two = SpatialTree()
        one.build(count: x.count, dimensions: 2, x: x, y: y, z: nil, threads: 1)
        two.build(count: x.count, dimensions: 2, x: x, y: y, z: nil, threads: 2)
        #expect(two.subtrees.count > 1)
        #expect(one.cellCount == two.cellCount)
        let cells = one.cellCount
        #expect((0..<cells).allSatisfy { one.end.base[$0] == two.end.base[$0] && one.head.base[$0] == two.head.base[$0] })
        #expect((0..<cells * 4).allSatisfy { one.bounds.base[$0] == two.bounds.base[$0] })
        #expect((0..<x.count).allSatisfy { one.order.base[$0] == two.order.base[$0] })
        #expect((0..<x.count).allSatisfy { x[$0].isNaN || y[$0].isNaN || one.next.base[$0] == two.next.base[$0] })
    }

    /// The cells, first slots, order and chains of `tree` (chains only for the points in the tree).
    func layout(_ tree: SpatialTree, _ x: [Double], _ y: [Double]) -> [String] {
        let cells = tree.cellCount
        var lines = (0..<cells).map { c in
            "\(tree.head.base[c]) \(tree.end.base[c]) \(tree.first.base[c]) "
                + (0..<4).map { String(tree.bounds.base[c * 4 + $0].bitPattern) }.joined(separator: ",")
        }
        lines.append("first \(cells > 0 ? tree.first.base[cells] : -1)")
        lines.append("order " + (0..<x.count).map { String(tree.order.base[$0]) }.joined(separator: ","))
        lines.append(
            "next " + (0..<x.count).filter { SpatialTree.withinReach(x[$0]) && SpatialTree.withinReach(y[$0]) }
                .map { String(tree.next.base[$0]) }
                .joined(separator: ","))
        return lines
    }

    /// Where the same points built by sorting and by partitioning first differ (nil if nowhere), and the number of
    /// lines compared.
    func compareBuilds(_ x: [Double], _ y: [Double]) -> (difference: String?, lines: Int) {
        let sorted = SpatialTree(), partitioned = SpatialTree()
        partitioned.usesSortedBuild = false
        sorted.build(count: x.count, dimensions: 2, x: x, y: y, z: nil)
        partitioned.build(count: x.count, dimensions: 2, x: x, y: y, z: nil)
        let a = layout(sorted, x, y), b = layout(partitioned, x, y)
        guard let line = (0..<max(a.count, b.count)).first(where: { $0 >= a.count || $0 >= b.count || a[$0] != b[$0] })
        else { return (nil, a.count) }
        let shown = { (lines: [String]) in line < lines.count ? String(lines[line].prefix(200)) : "(none)" }
        return ("line \(line): sorted \(shown(a)), partitioned \(shown(b))", a.count)
    }

    @Test func sortedBuildGivesThePartitionBuildsTree() {
        let random = RandomSource(seed: 5)
        var cases: [(String, [Double], [Double])] = []
        for (scale, centre) in [(1e-3, 0.0), (1.0, -0.5), (1000.0, 250.0), (1e6, -3e6)] {
            var x: [Double] = [], y: [Double] = []
            for i in 0..<3000 {
                let px = centre + (random.next() - 0.5) * scale, py = centre + (random.next() - 0.5) * scale
                x.append(px)
                y.append(py)
                // Close pairs (down to a few ulps at the largest scale), repeats, and a NaN now and then.
                if i % 5 == 0 {
                    x.append(px + scale * 1e-9 * random.next())
                    y.append(py)
                }
                if i % 97 == 0 {
                    x.append(px)
                    y.append(py)
                }
                if i % 301 == 0 {
                    x.append(.nan)
                    y.append(py)
                }
            }
            cases.append(("random at scale \(scale)", x, y))
        }
        // Points on cell boundaries: an integer grid, its midpoints and negative zero.
        var x: [Double] = [-0.0], y: [Double] = [0]
        for i in 0..<40 {
            for j in 0..<40 {
                x.append(Double(i) / 2 - 5)
                y.append(Double(j) / 4 - 3)
            }
        }
        cases.append(("grid", x, y))
        cases.append(("one point", [3.5], [-2]))
        cases.append(("two coincident points", [1, 1], [2, 2]))
        for (name, x, y) in cases {
            #expect(compareBuilds(x, y).difference == nil, "\(name)")
        }
    }

    @Test func sortedBuildDeclinesPointsSharingItsFinestCellAndThePartitionBuildTakesOver() {
        // 1e-9 apart in a root of side 1024: the same cell at depth 32 (side 2.4e-7), yet distinct.
        let x = [100.0, 100.0 + 1e-9, -300], y = [7.0, 7.0, 9]
        let builder = SortedQuadtreeBuilder()
        let output = SortedQuadtreeBuilder.Output(
            end: ScratchBuffer(), head: ScratchBuffer(), first: ScratchBuffer(), bounds: ScratchBuffer(),
            next: .allocate(capacity: 3), order: .allocate(capacity: 3), nodes: 3)
        defer {
            output.next.deallocate()
            output.order.deallocate()
        }
        let points = zip(x, y).flatMap { [$0, $1] }
        let cells = builder.build(
            count: 3, points: points, indices: [0, 1, 2], x: x, y: y, lower: (-300, -300), size: 1024, into: output)
        #expect(cells == nil)
        let (difference, lines) = compareBuilds(x, y)
        #expect(difference == nil)
        // The pair separates some 40 levels below the root, deeper than the keys reach.
        #expect(lines > 40)
    }

    @Test func firstSlotsDelimitEachLeafsChain() {
        let random = RandomSource(seed: 9)
        var x: [Double] = [], y: [Double] = []
        for i in 0..<500 {
            let p = (random.next() * 10, random.next() * 10)
            for _ in 0..<(i % 7 == 0 ? 3 : 1) {
                x.append(p.0)
                y.append(p.1)
            }
        }
        for sorted in [true, false] {
            let tree = SpatialTree()
            tree.usesSortedBuild = sorted
            tree.build(count: x.count, dimensions: 2, x: x, y: y, z: nil)
            for c in 0..<tree.cellCount {
                let slots = Int(tree.first.base[c])..<Int(tree.first.base[c + 1])
                guard tree.head.base[c] >= 0 else {
                    #expect(slots.isEmpty)
                    continue
                }
                var chain: [Int32] = []
                var p = tree.head.base[c]
                while p >= 0 {
                    chain.append(p)
                    p = tree.next.base[Int(p)]
                }
                #expect(slots.map { tree.order.base[$0] } == chain)
            }
            #expect(tree.first.base[tree.cellCount] == Int32(x.count))
        }
    }
}
