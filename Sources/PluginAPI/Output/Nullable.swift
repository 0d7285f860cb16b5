/// An optional that `--json` writes as `null` rather than leaving out.
///
/// Scripts read a documented field whether or not it has a value, and synthesized
/// `Encodable` skips nil optionals: `@Nullable var posterURL: String?` keeps the key.
@propertyWrapper
public struct Nullable<Value> {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }
}

extension Nullable: Sendable where Value: Sendable {}
extension Nullable: Equatable where Value: Equatable {}

extension Nullable: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension Nullable: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}

extension KeyedDecodingContainer {
    /// A missing key decodes as nil, as it would for a plain optional.
    public func decode<Value: Decodable>(_ type: Nullable<Value>.Type, forKey key: Key) throws -> Nullable<Value> {
        Nullable(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}

/// Two values written as one JSON object with the fields of both: a list item's
/// fields, and the ones its detail view adds.
public struct Flattened<Base: Encodable, Extra: Encodable>: Encodable {
    public var base: Base
    public var extra: Extra

    public init(_ base: Base, _ extra: Extra) {
        self.base = base
        self.extra = extra
    }

    public func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        try extra.encode(to: encoder)
    }
}

extension Flattened: Sendable where Base: Sendable, Extra: Sendable {}
