extension Graph {
    /// The Les Misérables graph of d3's examples: 77 characters (data.group) and 254 links (data.value).
    public static func miserables() -> Graph {
        let graph = Graph()
        for line in MiserablesData.nodes.split(separator: "\n") {
            let fields = line.split(separator: " ")
            graph.insertNode(Node(id: String(fields[0]), data: ["group": .integer(Int(fields[1])!)]))
        }
        for (index, line) in MiserablesData.links.split(separator: "\n").enumerated() {
            let fields = line.split(separator: " ")
            graph.insertEdge(Edge(
                id: "e\(index)", source: String(fields[0]), target: String(fields[1]),
                data: ["value": .integer(Int(fields[2])!)]))
        }
        return graph
    }
}
