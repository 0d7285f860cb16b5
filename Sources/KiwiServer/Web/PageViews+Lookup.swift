import Mustache

// The views a page shows many times (cards, their authors, comments), and those enclosing them,
// answer a template's lookups by name. Without this, Mustache finds each `{{name}}` by reflection, which boxes every field of
// the view at every lookup: most of what a page of cards cost. A test holds each list to its
// type's fields, so a field added to a view and not here fails it.

extension PageCard: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": return id
        case "url": return url
        case "imageURL": return imageURL
        case "srcset": return srcset
        case "webpSrcset": return webpSrcset
        case "alt": return alt
        case "caption": return caption
        case "book": return book
        case "warned": return warned
        case "spoiler": return spoiler
        case "bookURL": return bookURL
        case "author": return author
        case "ago": return ago
        case "time": return time
        case "likes": return likes
        case "comments": return comments
        case "liked": return liked
        default: return nil
        }
    }
}

extension PageAuthor: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "username": username
        case "displayName": displayName
        case "avatarURL": avatarURL
        case "profileURL": profileURL
        default: nil
        }
    }
}

extension PageComment: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": return id
        case "author": return author
        case "text": return text
        case "warned": return warned
        case "spoiler": return spoiler
        case "ago": return ago
        case "time": return time
        case "deleteURL": return deleteURL
        default: return nil
        }
    }
}

// What encloses them: a card's lookup of a nil field (no caption, no book) climbs to these, and
// each card's forms read the viewer's token.

extension Page: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": return title
        case "viewer": return viewer
        case "content": return content
        case "signUps": return signUps
        case "stylesheet": return stylesheet
        case "favicon": return favicon
        default: return nil
        }
    }
}

extension PageViewer: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "me": return me
        case "csrf": return csrf
        case "unread": return unread
        case "hasUnread": return hasUnread
        case "script": return script
        default: return nil
        }
    }
}

extension FeedPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "posts": return posts
        case "following": return following
        case "live": return live
        case "pager": return pager
        case "here": return here
        default: return nil
        }
    }
}

extension ProfilePage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "author": return author
        case "followers": return followers
        case "following": return following
        case "streak": return streak
        case "mine": return mine
        case "follows": return follows
        case "followsYou": return followsYou
        case "journey": return journey
        case "posts": return posts
        case "pager": return pager
        case "role": return role
        case "hasRole": return hasRole
        case "roles": return roles
        case "givesRoles": return givesRoles
        case "apart": return apart
        case "youBlocked": return youBlocked
        case "blockedYou": return blockedYou
        case "muted": return muted
        case "suspended": return suspended
        case "silenced": return silenced
        case "lifts": return lifts
        case "moderates": return moderates
        default: return nil
        }
    }
}

extension RemoteProfilePage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "handle": return handle
        case "displayName": return displayName
        case "host": return host
        case "avatarURL": return avatarURL
        case "profileURL": return profileURL
        case "elsewhereURL": return elsewhereURL
        case "follows": return follows
        case "pending": return pending
        case "followsYou": return followsYou
        case "youBlocked": return youBlocked
        case "blockedYou": return blockedYou
        case "apart": return apart
        default: return nil
        }
    }
}

extension BookPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "book": return book
        case "shelves": return shelves
        case "shelf": return shelf
        case "reviews": return reviews
        case "posts": return posts
        case "pager": return pager
        case "here": return here
        default: return nil
        }
    }
}

// An archive's page lists every post of a member's, and every reply to them.
extension ArchivePage.Post: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "url": return url
        case "day": return day
        case "createdAt": return createdAt
        case "likes": return likes
        case "alt": return alt
        case "spoiler": return spoiler
        case "photo": return photo
        case "caption": return caption
        case "book": return book
        case "warned": return warned
        case "replies": return replies
        case "hasReplies": return hasReplies
        default: return nil
        }
    }
}

extension ArchivePage.Reply: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "author": author
        case "profile": profile
        case "text": text
        case "spoiler": spoiler
        case "warned": warned
        default: nil
        }
    }
}
