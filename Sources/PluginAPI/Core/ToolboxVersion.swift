/// The version printed by `toolbox --version` and sent in `User-Agent`.
public enum ToolboxVersion {
    public static let current = "0.1.0"
}
