import GraphModel

/// Every declared options table: the docs' option tables are made from these, and a test holds the docs to them.
public enum LuaOptionTables {
    /// Every declaration, in the order the docs present them.
    public static let all: [LuaOptionTable] = [
        SimulationOptions.table, RunOptions.table, RecordOptions.table, ShowOptions.table,
        GraphPictureOptions.table, ViewportOptions.table, LayoutExplanationOptions.cells.table,
        RadarOptions.table, RadarAxisOptions.table, RadarSeriesOptions.table, PlotOptions.table, PlotSeriesOptions.table,
        PlotIntervalOptions.table,
        MetricsOptions.table, ReplayOptions.table, LiveOptions.table,
        GraphOptions.new, GraphFileOptions.load, GraphFileOptions.save,
        GraphAlgorithmOptions.components, GraphAlgorithmOptions.cores, GraphAlgorithmOptions.communities, DataTableOptions.write, DataTableOptions.read,
        StressLayoutOptions.table, MultilevelLayoutOptions.table, LayeredLayoutOptions.table, GraphRecordOptions.node, GraphRecordOptions.nodeHandle, GraphRecordOptions.edge, GraphRecordOptions.connect,
        GraphRecordOptions.deleteElements, GraphRecordOptions.deletedNode, GraphRecordOptions.deletedEdge,
        GraphRecordOptions.nodeChange, GraphRecordOptions.changedPosition, GraphRecordOptions.changedDimensions, GraphRecordOptions.edgeChange,
        LuaForceFields.table,
    ] + ForceKind.all.map(\.table) + GraphGenerator.allCases.map(GenerateOptions.table)
}
