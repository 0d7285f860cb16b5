import KiwiWire
import NIOCore

/// Writes a wire type's JSON from its declaration in `KiwiWire` (its `Encodable` conformance)
/// straight into an answer's bytes: Foundation's `JSONEncoder` builds a tree of values first,
/// which was the largest cost of serving the feed. Members come in the order declared, and a
/// photo's versions smallest first, so the same answer is the same bytes (and `ETag`) on every
/// server.
enum KiwiJSONEncoder {
    /// Never fails: none of its containers throws (a number JSON cannot hold is `null`, as
    /// JavaScript writes it), and a wire type's `encode(to:)` is synthesized, calling only them.
    static func encode(_ value: some Encodable) -> ByteBuffer {
        let output = JSONOutput()
        do {
            try output.write(value)
        } catch {
            preconditionFailure("\(type(of: value)) threw while encoding, which no wire type's declaration does: \(error)")
        }
        return output.bytes
    }
}

/// The bytes written so far and the objects and arrays still open in them, innermost last.
private final class JSONOutput {
    // Only the one encoding reaches these, one call at a time: the run-time exclusivity check on
    // every write to a class's property was a tenth of an answer's cost.
    @exclusivity(unchecked) var bytes = ByteBufferAllocator().buffer(capacity: 512)
    @exclusivity(unchecked) private var containers: [(closer: UInt8, hasMembers: Bool)] = []

    /// A photo's versions are written in size order, not the dictionary's (looked up once: a
    /// generic type's metadata is found in a table each time it is named).
    private static let versionsType = ObjectIdentifier(KiwiPhotoVersions.self)

    /// Opens an object or an array; its depth names it to the members written into it.
    func open(_ opener: UInt8, closedBy closer: UInt8) -> Int {
        bytes.writeInteger(opener)
        containers.append((closer, false))
        return containers.count - 1
    }

    /// Before a member of the container at `depth`: closes what the previous member left open,
    /// and separates.
    func startMember(of depth: Int) {
        close(downTo: depth + 1)
        if containers[depth].hasMembers { bytes.writeInteger(UInt8(ascii: ",")) } else { containers[depth].hasMembers = true }
    }

    func startMember(of depth: Int, named name: String) {
        startMember(of: depth)
        string(name)
        bytes.writeInteger(UInt8(ascii: ":"))
    }

    private func close(downTo count: Int) {
        while containers.count > count { bytes.writeInteger(containers.removeLast().closer) }
    }

    /// A value in place: what it opens is closed when it is written; one that writes nothing is `{}`,
    /// as `JSONEncoder` writes it.
    func write<Value: Encodable>(_ value: Value) throws {
        if ObjectIdentifier(Value.self) == Self.versionsType, let versions = value as? KiwiPhotoVersions {
            return write(versions)
        }
        let (depth, length) = (containers.count, bytes.writerIndex)
        try value.encode(to: JSONValueEncoder(output: self))
        close(downTo: depth)
        if bytes.writerIndex == length { bytes.writeStaticString("{}") }
    }

    private func write(_ versions: KiwiPhotoVersions) {
        let depth = open(UInt8(ascii: "{"), closedBy: UInt8(ascii: "}"))
        for (size, url) in versions.inSizeOrder {
            startMember(of: depth, named: size)
            string(url)
        }
        close(downTo: depth)
    }

    func number(_ value: some BinaryInteger) { bytes.writeString(String(value)) }

    func number(_ value: some BinaryFloatingPoint & LosslessStringConvertible) {
        bytes.writeString(value.isFinite ? String(value) : "null")
    }

    func bool(_ value: Bool) { bytes.writeStaticString(value ? "true" : "false") }

    func null() { bytes.writeStaticString("null") }

    func string(_ value: String) {
        bytes.writeInteger(UInt8(ascii: "\""))
        // Most strings need no escaping: copied whole.
        if !Self.needsEscaping(value) {
            bytes.writeString(value)
            bytes.writeInteger(UInt8(ascii: "\""))
            return
        }
        // The runs between escapes are copied whole (a PEM key is 27 lines): UTF-8's bytes past
        // ASCII are never escaped, so a run never splits a character.
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where Self.escaped(byte) {
                bytes.writeBytes(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                switch byte {
                case UInt8(ascii: "\""): bytes.writeStaticString("\\\"")
                case UInt8(ascii: "\\"): bytes.writeStaticString("\\\\")
                case UInt8(ascii: "\n"): bytes.writeStaticString("\\n")
                case UInt8(ascii: "\r"): bytes.writeStaticString("\\r")
                case UInt8(ascii: "\t"): bytes.writeStaticString("\\t")
                default:
                    bytes.writeStaticString("\\u00")
                    bytes.writeInteger(Self.hexDigits[Int(byte >> 4)])
                    bytes.writeInteger(Self.hexDigits[Int(byte & 0x0f)])
                }
                start = index + 1
            }
            bytes.writeBytes(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.writeInteger(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func escaped(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }

    /// Whether a string holds a quote, a backslash or a control character, looked for in its
    /// bytes where they lie (a native string's always do).
    private static func needsEscaping(_ value: String) -> Bool {
        value.utf8.withContiguousStorageIfAvailable { $0.contains(where: escaped) } ?? value.utf8.contains(where: escaped)
    }
}

/// `Encoder`'s side of `JSONOutput`: the containers a wire type's `encode(to:)` asks for. No path
/// is kept, since nothing here fails on a value that a type's declaration allows.
private struct JSONValueEncoder: Encoder {
    let output: JSONOutput
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { output.object() }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { output.array() }
    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValue(output: output) }
}

extension JSONOutput {
    /// An object opened here, and the container that writes its members.
    func object<Key: CodingKey>() -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONObject(output: self, depth: open(UInt8(ascii: "{"), closedBy: UInt8(ascii: "}"))))
    }

    /// An array opened here, and the container that writes its elements.
    func array() -> any UnkeyedEncodingContainer { JSONArray(output: self, depth: open(UInt8(ascii: "["), closedBy: UInt8(ascii: "]"))) }
}

private struct JSONObject<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: JSONOutput
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    /// The output, ready for the member's value.
    private func member(_ key: Key) -> JSONOutput {
        output.startMember(of: depth, named: key.stringValue)
        return output
    }

    mutating func encodeNil(forKey key: Key) { member(key).null() }
    mutating func encode(_ value: Bool, forKey key: Key) { member(key).bool(value) }
    mutating func encode(_ value: String, forKey key: Key) { member(key).string(value) }
    mutating func encode(_ value: Double, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: Float, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: Int, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: Int8, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: Int16, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: Int32, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: Int64, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: UInt, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) { member(key).number(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) { member(key).number(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try member(key).write(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        member(key).object()
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { member(key).array() }

    mutating func superEncoder() -> any Encoder {
        output.startMember(of: depth, named: "super")
        return JSONValueEncoder(output: output)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { JSONValueEncoder(output: member(key)) }
}

private struct JSONArray: UnkeyedEncodingContainer {
    let output: JSONOutput
    let depth: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(output: JSONOutput, depth: Int) {
        (self.output, self.depth) = (output, depth)
    }

    /// The output, ready for the next element.
    private mutating func element() -> JSONOutput {
        output.startMember(of: depth)
        count += 1
        return output
    }

    mutating func encodeNil() { element().null() }
    mutating func encode(_ value: Bool) { element().bool(value) }
    mutating func encode(_ value: String) { element().string(value) }
    mutating func encode(_ value: Double) { element().number(value) }
    mutating func encode(_ value: Float) { element().number(value) }
    mutating func encode(_ value: Int) { element().number(value) }
    mutating func encode(_ value: Int8) { element().number(value) }
    mutating func encode(_ value: Int16) { element().number(value) }
    mutating func encode(_ value: Int32) { element().number(value) }
    mutating func encode(_ value: Int64) { element().number(value) }
    mutating func encode(_ value: UInt) { element().number(value) }
    mutating func encode(_ value: UInt8) { element().number(value) }
    mutating func encode(_ value: UInt16) { element().number(value) }
    mutating func encode(_ value: UInt32) { element().number(value) }
    mutating func encode(_ value: UInt64) { element().number(value) }

    /// An array's elements come here whatever their type (`Array`'s own `encode(to:)` is generic):
    /// a string is written without the generic round.
    mutating func encode<T: Encodable>(_ value: T) throws {
        let output = element()
        if T.self == String.self, let text = value as? String { return output.string(text) }
        try output.write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        element().object()
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().array() }
    mutating func superEncoder() -> any Encoder { JSONValueEncoder(output: element()) }
}

/// A value written where its container put it (`Nullable`, `LenientID`, a raw-valued enum).
private struct JSONSingleValue: SingleValueEncodingContainer {
    let output: JSONOutput
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { output.null() }
    mutating func encode(_ value: Bool) { output.bool(value) }
    mutating func encode(_ value: String) { output.string(value) }
    mutating func encode(_ value: Double) { output.number(value) }
    mutating func encode(_ value: Float) { output.number(value) }
    mutating func encode(_ value: Int) { output.number(value) }
    mutating func encode(_ value: Int8) { output.number(value) }
    mutating func encode(_ value: Int16) { output.number(value) }
    mutating func encode(_ value: Int32) { output.number(value) }
    mutating func encode(_ value: Int64) { output.number(value) }
    mutating func encode(_ value: UInt) { output.number(value) }
    mutating func encode(_ value: UInt8) { output.number(value) }
    mutating func encode(_ value: UInt16) { output.number(value) }
    mutating func encode(_ value: UInt32) { output.number(value) }
    mutating func encode(_ value: UInt64) { output.number(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try output.write(value) }
}
