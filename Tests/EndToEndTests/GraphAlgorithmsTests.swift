import Foundation
import XCTest

/// `fl.graph.components`, `fl.graph.cores` and `fl.graph.communities` on real graphs against networkx and igraph
/// (scripts/python-env igraph): karate and Les Misérables as networkx ships them, the fixtures' five-letter words,
/// Debian's packages without their five most depended-on (three components) and as a directed graph, and Python's
/// standard library imports as a directed graph with cycles. Components (weak and strong) and core numbers must be
/// networkx's exactly, numbered from the largest; the modularity forcelab reports must be networkx's modularity of
/// the same partition, and within 2% of the best of igraph's Leiden over ten seeds.
final class GraphAlgorithmsTests: XCTestCase {
    /// Writes the graphs as edge lists, with graphs.json naming them: `prepare.py FOLDER FIXTURES`.
    static let prepare = """
        import json, sys, networkx as nx
        folder, fixtures = sys.argv[1], sys.argv[2]
        graphs = []
        def write(name, G, directed):
            path = f"{folder}/{name}.edgelist"
            nx.write_edgelist(G, path, data=False)
            graphs.append({"name": name, "path": path, "directed": directed})
        write("karate", nx.karate_club_graph(), False)
        write("miserables", nx.les_miserables_graph(), False)
        words = nx.read_edgelist(f"{fixtures}/five-letter-words.edgelist")
        write("five-letter-words", words, False)
        # Debian's packages without the five most depended-on: the graph falls apart into components.
        packages = nx.read_edgelist(f"{fixtures}/debian-packages.edgelist", create_using=nx.DiGraph)
        hubs = sorted(packages, key=lambda v: (-packages.in_degree(v), v))[:5]
        write("debian-packages-without-hubs", packages.subgraph(set(packages) - set(hubs)).to_undirected(), False)
        write("debian-packages", packages, True)
        write("python-stdlib-imports-directed",
              nx.read_edgelist(f"{fixtures}/python-stdlib-imports-directed.edgelist", create_using=nx.DiGraph), True)
        json.dump(graphs, open(f"{folder}/graphs.json", "w"))
        """

    /// Runs the algorithms on each graph (`run.lua OUT name path directed|undirected ...`): per node its labels
    /// (NAME.jsonl), per graph the counts and the modularity (summary.jsonl).
    static let run = """
        local out = arg[1]
        local summary = {}
        for i = 2, #arg, 3 do
          local name, path, directed = arg[i], arg[i + 1], arg[i + 2] == "directed"
          local g = fl.graph.load(path)
          g.directed = directed
          local row = {graph = name, components = fl.graph.components(g)}
          if directed then row.strong = fl.graph.components(g, {strong = true, field = "strong"}) end
          row.degeneracy = fl.graph.cores(g)
          row.communities, row.modularity = fl.graph.communities(g, {seed = 1})
          local rows = {}
          for _, node in ipairs(g:nodes()) do
            rows[#rows + 1] = {id = node.id, component = node.data.component, strong = node.data.strong,
                               core = node.data.core, community = node.data.community}
          end
          fl.data.write(out .. "/" .. name .. ".jsonl", rows)
          summary[#summary + 1] = row
        end
        fl.data.write(out .. "/summary.jsonl", summary)
        """

    /// Checks forcelab's results against networkx and igraph: `compare.py FOLDER`, a JSON report on stdout.
    static let compare = """
        import json, random, statistics, sys
        import igraph as ig
        import networkx as nx

        folder = sys.argv[1]
        report = []
        summary = {row["graph"]: row for row in map(json.loads, open(f"{folder}/summary.jsonl"))}
        for entry in json.load(open(f"{folder}/graphs.json")):
            name = entry["name"]
            G = nx.read_edgelist(entry["path"], create_using=nx.DiGraph if entry["directed"] else nx.Graph)
            rows = {row["id"]: row for row in map(json.loads, open(f"{folder}/{name}.jsonl"))}

            def partition(field):
                groups = {}
                for node, row in rows.items():
                    groups.setdefault(row[field], set()).add(node)
                return groups

            def same(groups, reference):
                largest_first = all(len(groups[k]) >= len(groups[k + 1]) for k in range(1, len(groups)))
                return largest_first and sorted(map(sorted, groups.values())) == sorted(map(sorted, reference))

            result = {"graph": name, "nodes": G.number_of_nodes(), "edges": G.number_of_edges(), "sameNodes": set(rows) == set(G)}
            weak = list(nx.weakly_connected_components(G) if entry["directed"] else nx.connected_components(G))
            result["components"] = len(weak)
            result["sameComponents"] = same(partition("component"), weak) and summary[name]["components"] == len(weak)
            if entry["directed"]:
                strong = list(nx.strongly_connected_components(G))
                result["strong"] = len(strong)
                result["sameStrong"] = same(partition("strong"), strong) and summary[name]["strong"] == len(strong)
            simple = G.copy()
            simple.remove_edges_from(list(nx.selfloop_edges(simple)))
            cores = nx.core_number(simple)
            result["degeneracy"] = max(cores.values())
            result["sameCores"] = all(rows[v]["core"] == k for v, k in cores.items()) and summary[name]["degeneracy"] == max(cores.values())

            # Communities: edges taken as undirected, each edge once (a pair of opposite edges is two).
            undirected = nx.MultiGraph()
            undirected.add_nodes_from(G)
            undirected.add_edges_from(G.edges())
            communities = list(partition("community").values())
            result["communities"] = len(communities)
            result["modularity"] = summary[name]["modularity"]
            result["networkxModularityOfTheSamePartition"] = nx.community.modularity(undirected, communities)
            index = {v: i for i, v in enumerate(undirected)}
            graph = ig.Graph(n=len(index), edges=[(index[a], index[b]) for a, b in undirected.edges()])
            louvain, leiden = [], []
            for seed in range(10):
                random.seed(seed)
                louvain.append(graph.community_multilevel().modularity)
                random.seed(seed)
                leiden.append(graph.community_leiden(objective_function="modularity", n_iterations=-1).modularity)
            result["igraphLouvainMean"] = statistics.mean(louvain)
            result["igraphLouvainBest"] = max(louvain)
            result["igraphLeidenBest"] = max(leiden)
            report.append(result)
        print(json.dumps(report, indent=1))
        """

    func testComponentsCoresAndCommunitiesAgreeWithNetworkxAndIgraph() throws {
        let folder = try ForcelabProcess.temporaryFolder(self)
        let python = try pythonEnvironment("igraph")
        for (name, text) in [("prepare.py", Self.prepare), ("run.lua", Self.run), ("compare.py", Self.compare)] {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let fixtures = ForcelabProcess.packageRoot.appendingPathComponent("Tests/Fixtures/graphs").path
        try runPython(python, [folder.appendingPathComponent("prepare.py").path, folder.path, fixtures])
        let graphs = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("graphs.json"))) as? [[String: Any]])
        let arguments = graphs.flatMap { graph in
            [graph["name"] as! String, graph["path"] as! String, graph["directed"] as! Bool ? "directed" : "undirected"]
        }
        let run = try ForcelabProcess.run([folder.appendingPathComponent("run.lua").path, folder.path] + arguments)
        XCTAssertEqual(run.status, 0, run.stderr)
        let report = try runPython(python, [folder.appendingPathComponent("compare.py").path, folder.path])
        let results = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.utf8)) as? [[String: Any]], report)
        XCTAssertEqual(results.count, 6)
        for result in results {
            let name = result["graph"] as? String ?? "?"
            XCTAssertEqual(result["sameNodes"] as? Bool, true, name)
            XCTAssertEqual(result["sameComponents"] as? Bool, true, "\(name): components differ from networkx's")
            XCTAssertEqual(result["sameCores"] as? Bool, true, "\(name): core numbers differ from networkx's")
            if result["strong"] != nil {
                XCTAssertEqual(result["sameStrong"] as? Bool, true, "\(name): strongly connected components differ from networkx's")
            }
            let modularity = try XCTUnwrap(result["modularity"] as? Double)
            let networkx = try XCTUnwrap(result["networkxModularityOfTheSamePartition"] as? Double)
            let leiden = try XCTUnwrap(result["igraphLeidenBest"] as? Double)
            XCTAssertEqual(modularity, networkx, accuracy: 1e-12, "\(name): the modularity reported is not networkx's of the same partition")
            XCTAssertGreaterThanOrEqual(modularity, 0.98 * leiden, "\(name): modularity \(modularity), igraph's Leiden \(leiden)")
        }
        let strong = results.first { $0["graph"] as? String == "python-stdlib-imports-directed" }
        XCTAssertGreaterThan(strong?["strong"] as? Int ?? 0, 300, "a directed graph with cycles: fewer strong components than nodes")
        XCTAssertEqual(results.first { $0["graph"] as? String == "debian-packages-without-hubs" }?["components"] as? Int, 3)
        print(report)
    }

    /// The python of the project's environment `group` (scripts/python-env makes it once).
    private func pythonEnvironment(_ group: String) throws -> String {
        let output = try runTool(ForcelabProcess.packageRoot.appendingPathComponent("scripts/python-env").path, [group])
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `python arguments`, failing with its standard error unless it succeeds; returns its standard output.
    @discardableResult
    private func runPython(_ python: String, _ arguments: [String]) throws -> String {
        try runTool(python, arguments)
    }

    /// Runs `executable arguments` and returns its standard output; throws its standard error when it fails.
    private func runTool(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process(), output = Pipe()
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).err").path
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw ToolFailure(description: "\(executable) \(arguments.joined(separator: " ")) failed: \(message)")
        }
        return text
    }

    /// A helper program that failed, with what it said.
    private struct ToolFailure: Error, CustomStringConvertible {
        let description: String
    }
}
