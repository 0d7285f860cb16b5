/// What every write of the community goes through, whichever service makes it: the rate limits it
/// spends, the keys it is answered once by, the photos it takes, and the telling of what it changed.
/// One for the community, held by reference: a service is copied on every request, and this is
/// most of what it holds.
final class Writes: Sendable {
    let limits: RateLimits
    let idempotency: Idempotency
    let photos: PhotoIntake
    let changes: KiwiChanges

    init(limits: RateLimits, idempotency: Idempotency, photos: PhotoIntake, changes: KiwiChanges) {
        self.limits = limits
        self.idempotency = idempotency
        self.photos = photos
        self.changes = changes
    }
}
