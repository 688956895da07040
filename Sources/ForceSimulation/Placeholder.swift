public enum ForceSimulationModule {}
