import ForceSimulation
import GraphModel

/// A force parameter given per node or per edge: one number, a numeric data field of each element, or a value
/// computed from the element (in the layout's node order, or the link force's link order), as d3's accessors are.
public enum ElementValue {
    /// The same number for every element.
    case number(Double)
    /// The element's data field of this name, which must hold a number.
    case field(String)
    /// A function of the element's id, its index and all the elements (a script callback, say); it may throw.
    case computed((_ id: String, _ index: Int, _ elements: ElementList) throws -> Double)
}

/// The elements a per-element parameter ranges over, by id in index order: one object per node set or link force
/// initialisation, so what is built from it (a script's `nodes` array) can be built once and reused.
public final class ElementList {
    /// The ids, in index order.
    public let ids: [String]

    init(_ ids: [String]) {
        self.ids = ids
    }
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
            return .perNode { [unowned self] i in try compute(nodeIds[i], i, nodeList) }
        }
    }

    /// The engine parameter for a per-link value over `edges` (the link order, listed by `list`).
    static func linkParameter(_ value: ElementValue, name: String, edges: [Edge], list: ElementList) -> LinkParameter {
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
            return .perLink { i in try compute(edges[i].id, i, list) }
        }
    }
}
