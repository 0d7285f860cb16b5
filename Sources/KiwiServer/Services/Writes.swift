/// What every write of the community goes through, whichever service makes it: the rate limits it
/// spends, the keys it is answered once by, the photos it takes, and the telling of what it changed.
struct Writes: Sendable {
    let limits: RateLimits
    let idempotency: Idempotency
    let photos: PhotoIntake
    let changes: KiwiChanges
}
