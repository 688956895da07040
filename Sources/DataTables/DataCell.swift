/// One value of a data table: a number, a string or a boolean (a missing value is an absent cell).
public enum DataCell: Equatable, Hashable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
}
