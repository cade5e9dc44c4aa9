// Menus, bookmarks and the default area (Features/Menus, Features/MenuBoard). Every page works without this
// script: days are links, stars and choosers are forms. With it, a star posts with fetch and the list moves at
// once; picking a day swaps the place page's menu, or the menu board, in place; on the board a sideways swipe or
// an arrow key turns the day, and the price role and filter are saved without leaving the page.
"use strict";

(() => {
  // Stars: each is a button of the page's one bookmark form, with its place's address (formaction) and the state
  // it sets (its value). Send that post with fetch (the CSRF token in the X-CSRF-Token header too), then flip every
  // star of that place on the page and, on the area page, move the row.
  document.addEventListener("submit", async (event) => {
    const star = event.submitter;
    if (event.defaultPrevented) return; // app.js stopped it: no network
    if (event.target.id !== "bookmark-form" || !star?.classList.contains("bookmark-button")) return;
    event.preventDefault();
    const form = event.target;
    const body = new URLSearchParams(new FormData(form, star));
    star.disabled = true;
    try {
      const answer = await post(star.formAction, body);
      document.querySelectorAll(`.bookmark-button[data-place="${CSS.escape(answer.placeId)}"]`).forEach((other) => {
        other.setAttribute("aria-pressed", String(answer.bookmarked));
        other.value = answer.bookmarked ? "0" : "1";
      });
      reorder(answer.bookmarks);
      star.disabled = false;
      star.focus({ preventScroll: true }); // moving the row took the focus away
      window.grubmapAnnounce?.(answer.message, { visible: true }); // in the page's language, from the server
    } catch (error) {
      // No network: nothing changed, and the page says so where it is.
      if (error instanceof Offline) return window.grubmapRefuse?.(form, star);
      // The plain post and its redirect: the star's address and value, which `submit()` would leave out.
      form.action = star.formAction;
      const value = Object.assign(document.createElement("input"), { type: "hidden" });
      value.name = star.name;
      value.value = star.value;
      form.append(value);
      form.submit();
    } finally {
      star.disabled = false;
    }
  });

  // What `post` throws when the request never reached the server: the network failed, or the service worker
  // answered for it that the device is offline.
  class Offline extends Error {}

  // Sends a form's fields to `action` as a script does (the CSRF token in X-CSRF-Token too) and returns the JSON
  // answer.
  async function post(action, body) {
    let response;
    try {
      response = await fetch(action, {
        method: "POST",
        body,
        headers: { Accept: "application/json", "X-CSRF-Token": body.get("csrf") },
        credentials: "same-origin",
      });
    } catch {
      throw new Offline("no network");
    }
    if (response.status === 503 && (await response.clone().json().catch(() => null))?.error?.code === "offline") {
      throw new Offline("no network");
    }
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  }

  // Bookmarked rows first in bookmark order, then the rest in the order the server listed them without bookmarks.
  function reorder(bookmarks) {
    const list = document.querySelector("ul.places");
    if (!list) return;
    const rows = [...list.querySelectorAll(":scope > li[data-place]")];
    for (const row of rows) {
      const index = bookmarks.indexOf(row.dataset.place);
      if (index >= 0) row.dataset.bookmark = String(index);
      else delete row.dataset.bookmark;
    }
    const key = (row) => (row.dataset.bookmark !== undefined ? [0, Number(row.dataset.bookmark)] : [1, Number(row.dataset.rank)]);
    rows.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || x[1] - y[1];
    });
    for (const row of rows) list.append(row);
  }

  // On a wide screen every category of the day fits side by side: open them all. The one being served now is
  // still first and marked; on a phone the others stay folded as the server sent them.
  const wide = window.matchMedia("(min-width: 760px)");
  const unfold = (root) => {
    if (wide.matches) root?.querySelectorAll("details.menu-category").forEach((category) => (category.open = true));
  };
  unfold(document.getElementById("menu"));

  // The address of the page on screen, without its fragment: popstate compares against it.
  const withoutFragment = (url) => url.split("#")[0];
  let shown = withoutFragment(location.href);
  const replaceAddress = (url) => {
    history.replaceState(null, "", url);
    shown = withoutFragment(location.href);
  };

  // Fetches the page at `url` and puts its element `id` in place of this page's, keeping the address in step; on
  // any failure, goes there for real.
  async function swap(id, url, { push = true, focus = null } = {}) {
    const current = document.getElementById(id);
    if (!current) return (location.href = url);
    current.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById(id);
      if (!fresh) throw new Error(`no #${id} in the page`);
      current.replaceWith(fresh);
      if (id === "menu") unfold(fresh);
      rove(fresh);
      document.title = page.title;
      if (push) history.pushState({ swapped: id }, "", url);
      shown = withoutFragment(location.href);
      if (focus) fresh.querySelector(focus)?.focus({ preventScroll: true });
    } catch {
      location.href = url;
    }
  }

  const isPlainClick = (event) =>
    !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
  const today = ".days [aria-current=page]";

  // The place page's days, and the board's days, arrows, "back to today" and the filter's opening and closing.
  document.addEventListener("click", (event) => {
    const link = event.target.closest(
      "#menu .days a, #menu .menu-back, #board .days a, #board .day-step, #board .menu-back, #board .filter-toggle",
    );
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    const id = link.closest("#board") ? "board" : "menu";
    if (link.classList.contains("filter-toggle")) {
      // Opening the filter is not a place to come back to: the address is replaced, not added to the history.
      swap(id, link.href, { push: false, focus: ".filter-toggle" }).then(() => replaceAddress(link.href));
      return;
    }
    swap(id, link.href, { focus: link.classList.contains("day-step") ? `.day-step[rel=${link.rel}]` : today });
  });
  // The days are one stop for the Tab key: the arrow keys (and Home, End) move between them, Enter opens one,
  // as in a tab list. Without this script every day is its own stop.
  function rove(root) {
    const days = [...(root?.querySelectorAll(".days a") ?? [])];
    const current = days.find((day) => day.getAttribute("aria-current") === "page") ?? days[0];
    days.forEach((day) => (day.tabIndex = day === current ? 0 : -1));
  }
  rove(document.getElementById("menu"));
  rove(document.getElementById("board"));
  document.addEventListener("keydown", (event) => {
    const day = event.target.closest?.("#menu .days a");
    if (!day) return;
    const days = [...day.parentElement.querySelectorAll("a")];
    const index = days.indexOf(day);
    const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: days.length - 1 }[event.key];
    if (target === undefined || target < 0 || target >= days.length) return;
    event.preventDefault();
    days.forEach((other, i) => (other.tabIndex = i === target ? 0 : -1));
    days[target].focus();
  });

  // Back and forward between swapped days show that day again. A link within the page (a glance line to its card)
  // fires popstate too, with the same page: nothing to fetch.
  window.addEventListener("popstate", () => {
    if (withoutFragment(location.href) === shown) return;
    for (const id of ["menu", "board"]) if (document.getElementById(id)) swap(id, location.href, { push: false });
  });

  // The board's week strip sticks just under the page's header, whose height (the stylesheet guesses it per width)
  // the browser knows: a header of two rows, a bigger font.
  const header = document.querySelector(".top");
  if (header && document.getElementById("board")) {
    new ResizeObserver(() => document.body.style.setProperty("--header-height", `${header.offsetHeight}px`)).observe(
      header,
    );
  }

  // The board's neighbouring day: -1 before, +1 after (across the week's edge too).
  const step = (delta, focus) => {
    const target = document.getElementById("board")?.dataset[delta < 0 ? "previous" : "next"];
    if (target) swap("board", target, { focus });
  };

  // Arrow keys step the board's day, unless the person is typing, choosing, or holding a modifier.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (!document.getElementById("board") || event.defaultPrevented) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, select, textarea, [contenteditable]")) return;
    event.preventDefault();
    step(event.key === "ArrowLeft" ? -1 : 1, today);
  });

  // Swipe on the board: a mostly sideways touch drag of 60 px or more; left shows the next day, right the one
  // before. The board is `touch-action: pan-y`, so the browser keeps vertical scrolling and leaves sideways
  // moves to this.
  let start = null;
  document.addEventListener("pointerdown", (event) => {
    const onBoard = event.target.closest("#board") && !event.target.closest("form, summary, .diet-filter");
    start = event.pointerType !== "mouse" && onBoard ? { x: event.clientX, y: event.clientY, id: event.pointerId } : null;
  });
  document.addEventListener("pointerup", (event) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) >= 60 && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? 1 : -1, null);
  });
  document.addEventListener("pointercancel", () => (start = null));

  // The board's choosers: save with fetch (the CSRF token in X-CSRF-Token too), then show the board again with
  // the new price role or filter. The role buttons are one tap each: the pressed button's value goes along.
  document.addEventListener("submit", async (event) => {
    const form = event.target.closest("#board .role-chooser, #board .diet-filter form");
    if (!form || event.defaultPrevented) return;
    event.preventDefault();
    const body = new URLSearchParams(new FormData(form, event.submitter));
    try {
      await post(form.action, body);
      const role = event.submitter?.name === "priceRole" ? event.submitter.value : null;
      // After the filter, the board without its form (the form's own way back), else the same board.
      const next = role ? location.href : new URL(form.elements.return.value, location.href).href;
      await swap("board", next, { push: false, focus: role ? `.roles [value=${role}]` : ".filter-toggle" });
      if (next !== location.href) replaceAddress(next);
    } catch (error) {
      if (error instanceof Offline) return window.grubmapRefuse?.(form, event.submitter);
      // The plain post, with the pressed button's value, which `submit()` would leave out.
      if (event.submitter?.name) {
        const value = Object.assign(document.createElement("input"), { type: "hidden" });
        value.name = event.submitter.name;
        value.value = event.submitter.value;
        form.append(value);
      }
      form.submit();
    }
  });
})();
