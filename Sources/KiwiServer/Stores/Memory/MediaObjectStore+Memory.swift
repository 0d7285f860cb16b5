import KiwiMedia

extension MemoryKiwiDatabase: MediaObjectStore {
    func keepObjects(of name: String, _ manifest: MediaManifest) { mediaObjects[name] = manifest }

    func objects(of name: String) -> MediaManifest? { mediaObjects[name] }

    func dropObjects(of name: String) { mediaObjects[name] = nil }
}
