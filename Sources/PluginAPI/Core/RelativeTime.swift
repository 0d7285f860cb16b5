/// "just now", "5 min ago", "3 h ago", "2 days ago".
public enum RelativeTime {
    public static func ago(_ seconds: Double) -> String {
        let seconds = max(0, seconds)
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3600)) h ago"
        default:
            let days = Int(seconds / 86_400)
            return days == 1 ? "1 day ago" : "\(days) days ago"
        }
    }

    /// "45 s", "5 min", "3 h": how long something lasts.
    public static func duration(_ seconds: Double) -> String {
        let seconds = max(0, seconds)
        switch seconds {
        case ..<120: return "\(Int(seconds.rounded())) s"
        case ..<7200: return "\(Int((seconds / 60).rounded())) min"
        default: return "\(Int((seconds / 3600).rounded())) h"
        }
    }
}
