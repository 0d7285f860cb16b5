// Kiwi's one script: a logged-in reader's page, live. The header's unread count follows the
// reader's notifications, and the first page of the feed says how many new posts the people
// they follow have made. Every page works without it; it only listens (GET /events).
(() => {
  "use strict";
  if (!window.EventSource) return;
  const badge = document.querySelector("[data-unread]");
  const news = document.querySelector("[data-new-posts]");
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
})();
