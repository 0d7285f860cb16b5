import KiwiWire

/// Writes the wire's JSON by hand: the feed's responses are small and many, and
/// Foundation's generic `JSONEncoder` was the largest cost of serving them.
struct KiwiJSONWriter {
    private(set) var text = ""

    /// An object: `fields` writes its members with `field(_:_:)`.
    mutating func object(_ fields: (inout KiwiJSONWriter) -> Void) {
        text.append("{")
        var members = KiwiJSONWriter()
        fields(&members)
        text.append(members.text.isEmpty ? "" : String(members.text.dropFirst()))
        text.append("}")
    }

    mutating func array<Element>(_ elements: [Element], _ write: (inout KiwiJSONWriter, Element) -> Void) {
        text.append("[")
        for (index, element) in elements.enumerated() {
            if index > 0 { text.append(",") }
            write(&self, element)
        }
        text.append("]")
    }

    /// A member of an object (the leading comma is dropped by `object`).
    mutating func field(_ name: String, _ value: KiwiJSONValue) {
        text.append(",")
        string(name)
        text.append(":")
        value.write(into: &self)
    }

    mutating func raw(_ json: String) { text.append(json) }

    mutating func string(_ value: String) {
        text.append("\"")
        // Most strings need no escaping: append them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            text.append(value)
            text.append("\"")
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text.append("\\\"")
            case "\\": text.append("\\\\")
            case "\n": text.append("\\n")
            case "\r": text.append("\\r")
            case "\t": text.append("\\t")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text.append("\"")
    }
}

/// Values a field can hold.
enum KiwiJSONValue {
    case string(String?)
    case int(Int?)
    case bool(Bool)
    case nested((inout KiwiJSONWriter) -> Void)

    func write(into writer: inout KiwiJSONWriter) {
        switch self {
        case .string(let value?): writer.string(value)
        case .string(nil): writer.raw("null")
        case .int(let value?): writer.raw(String(value))
        case .int(nil): writer.raw("null")
        case .bool(let value): writer.raw(value ? "true" : "false")
        case .nested(let write): write(&writer)
        }
    }
}

/// A wire type that writes itself as JSON.
protocol KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter)
}

extension Array: KiwiJSONWritable where Element: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.array(self) { writer, element in element.write(into: &writer) }
    }
}

// The wire types as the fast writer writes them; a test checks each against its Codable form.

extension KiwiWire.User: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("id", .string(id))
            object.field("username", .string(username))
            object.field("displayName", .string(displayName))
            object.field("avatarURL", .string(avatarURL))
            if let avatarVersions { object.field("avatarVersions", .nested(avatarVersions.write)) }
        }
    }
}

extension KiwiWire.Post: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("id", .string(id))
            object.field("author", .nested(author.write))
            object.field("imageURL", .string(imageURL))
            if let imageVersions { object.field("imageVersions", .nested(imageVersions.write)) }
            if let imageAlt { object.field("imageAlt", .string(imageAlt)) }
            object.field("caption", .string(caption))
            object.field("likes", .int(likes))
            object.field("createdAt", .string(createdAt))
            object.field("commentCount", .int(commentCount))
            if let likedByMe { object.field("likedByMe", .bool(likedByMe)) }
            object.field("book", book.map { book in .nested(book.write) } ?? .string(nil))
        }
    }
}

extension KiwiWire.Book: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            if let id { object.field("id", .string(id)) }
            object.field("title", .string(title))
            object.field("authors", authors.map { names in .nested { $0.array(names) { writer, name in writer.string(name) } } } ?? .string(nil))
            object.field("isbn13", .string(isbn13))
        }
    }
}

extension KiwiWire.Comment: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("id", .string(id))
            object.field("author", .nested(author.write))
            object.field("text", .string(text))
            object.field("createdAt", .string(createdAt))
        }
    }
}

extension KiwiWire.Session: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("token", .string(token))
            object.field("user", .nested(user.write))
        }
    }
}

extension KiwiWire.Status: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("status", .string(status))
            if let id { object.field("id", .string(id)) }
        }
    }
}

extension KiwiWire.Likes: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { $0.field("likes", .int(likes)) }
    }
}

extension KiwiWire.Failure: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("message", .string(message))
            object.field("status_code", .int(statusCode))
            object.field("error", .string(error))
        }
    }
}

extension KiwiWire.Instance: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field(
                "configuration",
                .nested { writer in writer.object { $0.field("mediaAttachments", .nested(configuration.mediaAttachments.write)) } }
            )
        }
    }
}

extension KiwiWire.MediaLimits: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("supportedMimeTypes", .nested { $0.array(supportedMimeTypes) { writer, type in writer.string(type) } })
            object.field("imageSizeLimit", .int(imageSizeLimit))
            object.field("imageMatrixLimit", .int(imageMatrixLimit))
            object.field("largestSide", .int(largestSide))
            object.field("descriptionLimit", .int(descriptionLimit))
        }
    }
}

extension KiwiWire.Notification: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("id", .string(id))
            object.field("kind", .string(kind))
            object.field("actor", .nested(actor.write))
            object.field("post", post.map { post in .nested(post.write) } ?? .string(nil))
            object.field("comment", .string(comment))
            object.field("createdAt", .string(createdAt))
            object.field("read", .bool(read))
        }
    }
}

extension KiwiWire.NotifiedPost: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("id", .string(id))
            object.field("imageURL", .string(imageURL))
            object.field("caption", .string(caption))
        }
    }
}

extension KiwiWire.Unread: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { $0.field("count", .int(count)) }
    }
}

extension KiwiWire.Withdrawn: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { $0.field("id", .string(id)) }
    }
}

extension KiwiPhotoVersions {
    /// In size order, smallest first.
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            for size in KiwiPhotoSize.allCases { if let url = self[size.rawValue] { object.field(size.rawValue, .string(url)) } }
        }
    }
}

extension KiwiWire.BookSummary: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("isbn13", .string(isbn13))
            object.field("title", .string(title))
            object.field("authors", .nested { $0.array(authors) { writer, name in writer.string(name) } })
            object.field("reflections", .int(reflections))
            object.field("readers", .int(readers))
            if let recentReaders { object.field("recentReaders", .nested { $0.array(recentReaders) { writer, user in user.write(into: &writer) } }) }
            if let cover { object.field("cover", .nested(cover.write)) }
            if let coverColor { object.field("coverColor", .string(coverColor)) }
            if let shelves { object.field("shelves", .nested(shelves.write)) }
        }
    }
}

extension KiwiWire.ReadingProgress: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            if let page { object.field("page", .int(page)) }
            if let pages { object.field("pages", .int(pages)) }
            if let percent { object.field("percent", .int(percent)) }
        }
    }
}

extension KiwiWire.ShelfEntry: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("id", .string(id))
            object.field("reader", .string(reader))
            object.field("book", .nested(book.write))
            object.field("shelf", .string(shelf.rawValue))
            if let progress { object.field("progress", .nested(progress.write)) }
            if let started { object.field("started", .string(started)) }
            if let finished { object.field("finished", .string(finished)) }
            if let rating { object.field("rating", .int(rating)) }
            object.field("updatedAt", .string(updatedAt))
            if let cover { object.field("cover", .nested(cover.write)) }
            if let coverColor { object.field("coverColor", .string(coverColor)) }
        }
    }
}

extension KiwiWire.Shelves: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            for shelf in KiwiWire.Shelf.allCases { object.field(shelf.rawValue, .nested { $0.array(self[shelf]) { $1.write(into: &$0) } }) }
            object.field("readThisYear", .int(readThisYear))
        }
    }
}

extension KiwiWire.ShelfCounts: KiwiJSONWritable {
    func write(into writer: inout KiwiJSONWriter) {
        writer.object { object in
            object.field("want", .int(want))
            object.field("reading", .int(reading))
            object.field("read", .int(read))
        }
    }
}
