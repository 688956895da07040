/// Which node labels are drawn.
public enum LabelMode: String, CaseIterable, Sendable {
    /// Box labels always; circle labels for up to 60 nodes, skipping any that would overlap one already drawn.
    case auto
    /// Every label, even when labels overlap.
    case always
    /// No node labels (box nodes stay blank).
    case never
}
