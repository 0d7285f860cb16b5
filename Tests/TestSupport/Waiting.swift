import Foundation

/// Whether `holds` comes true within `patience`, asked every 10 ms. What a test waits for (a note
/// through the database, a delivery through the queue) may take seconds on a loaded CI machine;
/// a patience says how long is too long, and a condition that holds returns at once.
public func eventually(within patience: Duration = .seconds(2), _ holds: () async throws -> Bool) async throws -> Bool {
    let start = ContinuousClock.now
    while try await !holds() {
        if ContinuousClock.now - start > patience { return false }
        try await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// Waits for the next window of `seconds` when this one ends within `margin`. Rate limits count
/// in fixed windows, and a test that lays out data by the hour reads it back by the hour (both
/// start on multiples of their length), so a test that must see one window starts where the
/// clock cannot move it to the next halfway. Two minutes: inside the loaded suite one such test
/// took more than 30 s.
public func awayFromTheEndOfAWindow(of seconds: Int, margin: Double = 120) async throws {
    let left = Double(seconds) - Date().timeIntervalSince1970.truncatingRemainder(dividingBy: Double(seconds))
    if left < margin { try await Task.sleep(for: .seconds(left + 0.1)) }
}
