public enum RenderModule {}
