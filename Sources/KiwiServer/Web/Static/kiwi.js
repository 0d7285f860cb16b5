// Kiwi's one script: a logged-in reader's page, live. The header's unread count follows the
// reader's notifications, and the first page of the feed says how many new posts the people
// they follow have made, and what they shelve ("ada finished The Tempest"). Every page works
// without it; it only listens (GET /events).
(() => {
  "use strict";
  if (!window.EventSource) return;
  const badge = document.querySelector("[data-unread]");
  const news = document.querySelector("[data-new-posts]");
  const shelfNews = document.querySelector("[data-shelf-news]");
  const bell = badge && badge.closest("a");
  const fresh = new Set();
  const events = new EventSource("/events");
  events.addEventListener("open", () => document.documentElement.setAttribute("data-live", "on"));

  events.addEventListener("unread", (event) => {
    const count = JSON.parse(event.data).count;
    if (!badge) return;
    badge.textContent = String(count);
    badge.hidden = count === 0;
    if (bell) bell.setAttribute("aria-label", count === 0 ? "Notifications" : `Notifications: ${count} unread`);
  });

  events.addEventListener("post", (event) => {
    if (!news) return;
    const post = JSON.parse(event.data);
    // A post shown already, or told twice (a stream that came back resends a few), counts once.
    if (document.getElementById(`p${post.id}`) || fresh.has(post.id)) return;
    fresh.add(post.id);
    const link = news.querySelector("a");
    link.textContent = fresh.size === 1 ? "1 new post" : `${fresh.size} new posts`;
    news.hidden = false;
  });

  // A followee's shelf change, in the words `kiwi watch` uses; the latest five, newest first.
  events.addEventListener("reading", (event) => {
    if (!shelfNews) return;
    const entry = JSON.parse(event.data);
    const progress = entry.progress || {};
    const fraction = progress.page != null && progress.pages ? progress.page / progress.pages : progress.percent != null ? progress.percent / 100 : null;
    const verb =
      entry.shelf === "want" ? "wants to read" :
      entry.shelf === "read" ? "finished" :
      fraction != null ? `is ${Math.floor(Math.min(1, fraction) * 100)}% through` :
      progress.page != null ? `is on page ${progress.page} of` : "started";
    const item = document.createElement("li");
    const book = document.createElement("a");
    book.href = `/books/${encodeURIComponent(entry.book.isbn13 || "")}`;
    book.textContent = entry.book.title;
    item.append(`${entry.reader} ${verb} `, book);
    shelfNews.prepend(item);
    while (shelfNews.children.length > 5) shelfNews.lastElementChild.remove();
    shelfNews.hidden = false;
  });
})();
