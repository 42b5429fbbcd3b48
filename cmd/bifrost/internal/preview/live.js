// live.js keeps a preview page up to date. Its script tag says which game
// and part the page shows (data-game, data-part: cards, books or report), the
// version shown (data-version), and where the swappable part comes from
// (data-fragment; empty: the whole page). The server's event stream sends
// each game's versions; when this page's is newer, the script fetches the
// part and swaps it in, without reloading the page.
(() => {
  "use strict";
  const me = document.currentScript.dataset;
  let version = Number(me.version);
  let busy = false, again = false;

  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      do {
        again = false;
        const res = await fetch(me.fragment || location.pathname, {cache: "no-store"});
        if (!res.ok) break;
        const v = Number(res.headers.get("X-Preview-Version"));
        const html = await res.text();
        if (me.fragment) {
          document.getElementById("live").innerHTML = html;
        } else {
          const doc = new DOMParser().parseFromString(html, "text/html");
          document.head.querySelectorAll("style").forEach((s) => s.remove());
          doc.head.querySelectorAll("style").forEach((s) => document.head.append(s));
          document.title = doc.title;
          document.body.replaceWith(doc.body);
        }
        version = v;
      } while (again);
    } catch (e) {
      lost(true);
    } finally {
      busy = false;
    }
  }

  let banner = null;
  function lost(on) {
    if (!on) { banner?.remove(); banner = null; return; }
    if (banner) return;
    banner = document.createElement("div");
    banner.textContent = me.lost;
    Object.assign(banner.style, {position: "fixed", left: "0", right: "0", bottom: "0", padding: ".5rem 1rem",
      background: "#c0392b", color: "#fff", font: "bold 14px sans-serif", zIndex: "1000"});
    document.documentElement.append(banner);
  }

  const events = new EventSource("/events");
  events.addEventListener("update", (e) => {
    const d = JSON.parse(e.data);
    if (d.game === me.game && d[me.part] !== version) refresh();
  });
  events.onopen = () => lost(false);
  events.onerror = () => lost(true);
})();
