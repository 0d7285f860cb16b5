import Synchronization

/// A type-keyed service container.
///
/// Each plugin registers factories in its `register(into:)`; services are built
/// lazily on first use and then shared for the rest of the run. Tests build a
/// container with fakes registered in place of live services.
public struct Container: Sendable {
    public typealias Factory<Service> = @Sendable (Container) throws -> Service

    private var factories: [ObjectIdentifier: @Sendable (Container) throws -> any Sendable] = [:]
    private let instances = InstanceStore()

    public init() {}

    /// Registers (or replaces) the factory for a service type.
    public mutating func register<Service: Sendable>(_ type: Service.Type, factory: @escaping Factory<Service>) {
        factories[ObjectIdentifier(type)] = { container in Built(try factory(container)) }
    }

    /// Registers an instance that is already built.
    public mutating func register<Service: Sendable>(_ type: Service.Type, instance: Service) {
        register(type) { _ in instance }
    }

    /// The service of this type, built on first use.
    ///
    /// A missing registration is a programming error: the thrown error names the
    /// type and where it should have been registered.
    public func resolve<Service: Sendable>(_ type: Service.Type = Service.self) throws -> Service {
        let id = ObjectIdentifier(type)
        if let built = instances.value(for: id) as? Built<Service> { return built.service }
        guard let factory = factories[id] else {
            throw ToolboxError.failure(
                "internal error: no service registered for \(type)",
                hint: "register it in the plugin's register(into:) — this is a bug in toolbox, please report it"
            )
        }
        guard let built = try factory(self) as? Built<Service> else {
            throw ToolboxError.failure("internal error: the factory for \(type) built something else")
        }
        return (instances.store(built, for: id) as? Built<Service> ?? built).service
    }
}

/// A built service in a box of its own type: casting the box back is an identity
/// check, where casting the service itself to a protocol type (`any HTTPTransport`)
/// would search every conformance in the binary.
private final class Built<Service: Sendable>: Sendable {
    let service: Service
    init(_ service: Service) { self.service = service }
}

/// Built services, shared by every copy of one container.
private final class InstanceStore: Sendable {
    private let values = Mutex<[ObjectIdentifier: any Sendable]>([:])

    func value(for id: ObjectIdentifier) -> (any Sendable)? {
        values.withLock { $0[id] }
    }

    /// Stores the service unless another task stored one first; returns the one kept.
    func store(_ value: any Sendable, for id: ObjectIdentifier) -> any Sendable {
        values.withLock { values in
            if let existing = values[id] { return existing }
            values[id] = value
            return value
        }
    }
}
