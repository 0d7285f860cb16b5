import ArgumentParser

/// US film ratings, the only certifications discover filters by.
enum Certification: String, Sendable, CaseIterable, ExpressibleByArgument {
    case g = "G"
    case pg = "PG"
    case pg13 = "PG-13"
    case r = "R"
    case nc17 = "NC-17"
}
