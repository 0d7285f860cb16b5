import Foundation

/// The avatar of every reader who has not uploaded one: a kiwi, 64×64 PNG, built in,
/// so the `avatarURL` the wire gives always loads (for the iOS client and browsers
/// alike), without a login and without a file in the uploads folder.
enum DefaultAvatar {
    static let name = Links.defaultAvatar
    static let png =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAABfUlEQVR42u2byxHCMAxEUwRnzimCIqiEMiiLM8VwoANowI4/2pXleDPjaybv+RtL2jY9Ps/jvv9a2nLApxGCBp9GRM3HP1+3qjaVCASwRUg4cBR0q4zh8GzwGhHLwA+TEAW8JGIpeBcJ0eGpEmaBp0iYDR4qYVZ4mISZ4VMSlup98yhgw+/XS7KFGAVePe8B3yUBKcAKh5JTLYABjxDgJgElAPnhqHcVBSBXfvS8RgtISvDc9j7fd7INPRd4CMiBe4kYKqAWnikhK4B98muFZ0nIrgNW+KOVuhc+J8G6K1AFIHv/aBRMI8AKXxoFEiABQQSgV3/mbiABEuAogLUNSgBTQKTDEPMQdPg/wLi4QMJDt0AvAYjf4dACWj6wZ74jrsaqBVglMK/SqUGSM0SDQtwKI3oOPZKGxAZ65i8jWjQsMtQSB2TGC8PEB0tQjDihOTq8ZHh8+QQJpcgoSUppckqUVKqskqWVLq+CCZXMqGhKZXMqnFTprIqnz/38AS1N4u0AMdsQAAAAAElFTkSuQmCC"
        ) ?? Data()
}
