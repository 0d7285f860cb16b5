import Foundation
import Hummingbird
import KiwiWire

extension KiwiPages {
    /// `/@<username>/year/<YYYY>`: the books finished that year, month by month with their covers,
    /// and a chart of books and pages per month.
    @Sendable func year(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let viewer = try await viewer(request, context)
        let name = try context.username()
        guard let year = context.parameters.get("year", as: Int.self), (1000...9999).contains(year) else {
            throw KiwiProblem.invalid("a year has four digits, as 2026")
        }
        let user = try await community.accounts.member(name)
        let readings = try await community.shelves.readings(of: name)
        let links = links(request, context)
        let covers = await community.books.covers.images(of: Array(Set(YearPage.finished(readings, in: year).map(\.isbn13))))
        let author = PageAuthor(user, links: links, guest: viewer == nil)
        let content = YearPage(readings, year: year, author: author, covers: covers, links: links)
        return render("year", title: "\(author.displayName)'s \(year) in books", content, viewer: viewer)
    }

    /// Fields `shelf` (want, reading, read, or none to take it off), `progress` (120/350, 120 or
    /// 35%), `review` and its `spoiler` warning; a book moved onto "reading" or "read" starts or
    /// finishes today (UTC).
    @Sendable func shelve(_ request: Request, context: KiwiRequestContext) async throws -> Response {
        let form = try await form(request)
        let caller = try member(request, context, form)
        let isbn13 = try context.isbn13()
        let back = PageBook.url(isbn13)
        if form.shelf == "none" {
            try await community.shelves.unshelve(isbn13, by: caller, from: context.clientAddress)
            return redirect(back)
        }
        guard let shelf = form.shelf.flatMap(KiwiWire.Shelf.init(rawValue:)) else { throw KiwiProblem.invalid("choose a shelf") }
        let typed = form.progress?.trimmed ?? ""
        var progress: KiwiWire.ReadingProgress?
        if shelf == .reading, !typed.isEmpty {
            guard let read = KiwiWire.ReadingProgress(argument: typed) else {
                throw KiwiProblem.invalid("progress is a page (120), a page of the count (120/350) or a percent (35%)")
            }
            progress = read
        }
        let current = try await community.shelves.current(isbn13, of: caller.username)
        let today = KiwiWire.Day.today()
        let moved = current?.shelf != shelf
        // The form shows the review there is: only a changed one is sent, so that a book read
        // again does not take the last reading's review with it.
        let (review, spoiler) = (form.review?.trimmed ?? "", form.spoiler?.trimmed ?? "")
        let reviewed = review != (current?.review ?? "") || spoiler != (current?.spoiler ?? "")
        let change = KiwiWire.ShelfChange(
            shelf: shelf,
            progress: progress,
            started: shelf == .reading && moved ? today : nil,
            finished: shelf == .read && moved ? today : nil,
            review: reviewed ? review : nil,
            spoiler: reviewed ? spoiler : nil
        )
        _ = try await community.shelves.shelve(isbn13, change, by: caller, key: nil, from: context.clientAddress) { _ in (200, Data()) }
        return redirect(back)
    }
}
