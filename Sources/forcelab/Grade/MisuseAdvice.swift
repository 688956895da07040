import Foundation

/// The likely mistake behind a submission's error, for the five mistakes seen most often in submissions (the
/// arguments swapped, no `return`, a data field read from the node table, a node looked up by id in the node list,
/// an edge's end used as a node), each named with the force's signature, so a student reads what to change rather
/// than Lua's bare "attempt to index a number value".
enum MisuseAdvice {
    /// The fields of the node tables a force receives.
    static let nodeFields: Set<String> = ["index", "id", "x", "y", "z", "vx", "vy", "vz", "fx", "fy", "fz", "data"]
    /// The force's signature, as every piece of advice states it.
    static let signature = "the force is called as function(alpha, nodes): alpha a number, nodes the list of node tables {index, id, x, y, vx, vy, data}"

    /// The line to add under the error `message` of a submission whose force is a table form (`tableForm`) or not;
    /// nil when the message is none of the mistakes known.
    static func advice(for message: String, tableForm: Bool) -> String? {
        func has(_ text: String) -> Bool { message.contains(text) }
        let nilField = message.range(of: #"on a nil value \(field '([^']+)'\)"#, options: .regularExpression)
            .map { String(message[$0]).components(separatedBy: "'")[1] }
        if tableForm && (has("attempt to index a nil value") || has("table expected, got nil")) && !has("field '") {
            return "likely mistake: a table force's force(alpha) gets alpha alone; keep the nodes initialize(nodes) is given "
                + "(initialize = function(n) nodes = n end) and loop over those (\(signature) in the function form)"
        }
        if has("attempt to index a number value") || has("attempt to get length of a number value") || has("table expected, got number") {
            return "likely mistake: the arguments swapped: \(signature); write function(alpha, nodes), not function(nodes, alpha)"
        }
        if has("must return the force") && has("it returned nil") {
            return "likely mistake: no return at the end of the file: end it with `return function(alpha, nodes) ... end` "
                + "(a force defined as a function of its own is returned by name, `return pull`, not called)"
        }
        if let field = nilField, ["x", "y", "vx", "vy", "z", "vz"].contains(field) {
            return "likely mistake: an edge's source and target are node ids (strings), not node tables, so `edge.source.\(field)` "
                + "is nil: look the node up by id (byId[node.id] = node, once, for every node); \(signature)"
        }
        if let field = nilField, !nodeFields.contains(field) {
            return "likely mistake: a node table has no field '\(field)': the graph's data fields are in node.data "
                + "(node.data.\(field)); \(signature)"
        }
        if has("attempt to index a nil value") {
            return "likely mistake: a node looked up where there is none: nodes is a list from 1 (nodes[node.index + 1] == node), "
                + "not by id, and an edge's source and target are ids: look nodes up by id in a table of your own (byId[node.id] = node); "
                + signature
        }
        return nil
    }
}
