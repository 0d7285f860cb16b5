extension MemoryKiwiDatabase: RateStore {
    func addToCounts(_ keys: [String], until: Int64, amount: Int) -> [Int] {
        keys.map { key in
            rateCounts[RateWindow(key: key, until: until), default: 0] += amount
            return rateCounts[RateWindow(key: key, until: until), default: 0]
        }
    }

    func forgetCounts(before time: Int64) {
        rateCounts = rateCounts.filter { $0.key.until >= time }
    }

    func clearCounts(_ keys: [String]) {
        rateCounts = rateCounts.filter { !keys.contains($0.key.key) }
    }
}
