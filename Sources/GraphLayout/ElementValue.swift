import ForceSimulation
import GraphModel

/// A force parameter given per node or per edge: one number, a numeric data field of each element, or a value
/// computed from the element's id and index (in the layout's node order, or the link force's link order).
public enum ElementValue {
    /// The same number for every element.
    case number(Double)
    /// The element's data field of this name, which must hold a number.
    case field(String)
    /// A function of the element's id and index (a script callback, say); it may throw.
    case computed((_ id: String, _ index: Int) throws -> Double)
}

extension GraphLayout {
    /// The engine parameter for a per-node value named `name` (for error messages), read in the layout's node order.
    public func nodeParameter(_ value: ElementValue, name: String) -> NodeParameter {
        switch value {
        case .number(let number): return .constant(number)
        case .field(let field):
            return .perNode { [unowned self] i in
                let id = nodeIds[i]
                guard let number = graph.node(id)?.data[field]?.number else {
                    throw LayoutError.missingField(parameter: name, element: "node '\(id)'", field: field)
                }
                return number
            }
        case .computed(let compute):
            return .perNode { [unowned self] i in try compute(nodeIds[i], i) }
        }
    }

    /// The engine parameter for a per-link value over `edges` (the link order).
    static func linkParameter(_ value: ElementValue, name: String, edges: [Edge]) -> LinkParameter {
        switch value {
        case .number(let number): return .constant(number)
        case .field(let field):
            return .perLink { i in
                guard let number = edges[i].data[field]?.number else {
                    throw LayoutError.missingField(parameter: name, element: "edge '\(edges[i].id)'", field: field)
                }
                return number
            }
        case .computed(let compute):
            return .perLink { i in try compute(edges[i].id, i) }
        }
    }
}
