// Menus, bookmarks and the default area (Pages/MenuSection.swift, Pages/BookmarkButton.swift). Every page works
// without this script: days are links and stars are forms. With it, a star posts with fetch and the list moves at
// once, and picking a day swaps the menu in place.
"use strict";

(() => {
  // Stars: send the form with fetch (the CSRF token goes in the X-CSRF-Token header too), then flip every star of
  // that place on the page and, on the area page, move the row.
  document.addEventListener("submit", async (event) => {
    const form = event.target.closest("form.bookmark");
    if (!form) return;
    event.preventDefault();
    const button = form.querySelector(".bookmark-button");
    const body = new URLSearchParams(new FormData(form));
    button.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body,
        headers: { Accept: "application/json", "X-CSRF-Token": body.get("csrf") },
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const answer = await response.json();
      document.querySelectorAll(`form.bookmark[data-place="${CSS.escape(answer.placeId)}"]`).forEach((other) => {
        other.querySelector(".bookmark-button").setAttribute("aria-pressed", String(answer.bookmarked));
        other.querySelector("input[name=bookmarked]").value = answer.bookmarked ? "0" : "1";
      });
      reorder(answer.bookmarks);
      button.disabled = false;
      button.focus({ preventScroll: true }); // moving the row took the focus away
      window.grubmapAnnounce?.(answer.bookmarked ? form.dataset.added : form.dataset.removed);
    } catch {
      form.submit(); // fall back to the plain form post and its redirect
    } finally {
      button.disabled = false;
    }
  });

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

  // Days: fetch the page for the day and swap the menu section, keeping the address in step.
  const section = () => document.getElementById("menu");
  async function showDay(url, push) {
    const current = section();
    if (!current) return (location.href = url);
    current.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("menu");
      if (!fresh) throw new Error("no menu in the page");
      current.replaceWith(fresh);
      unfold(fresh);
      rove(fresh);
      if (push) history.pushState({ menu: true }, "", url);
      fresh.querySelector(".days [aria-current=page]")?.focus({ preventScroll: true });
    } catch {
      location.href = url;
    }
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest("#menu .days a, #menu .menu-back");
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    showDay(link.href, true);
  });
  // The days are one stop for the Tab key: the arrow keys (and Home, End) move between them, Enter opens one,
  // as in a tab list. Without this script every day is its own stop.
  function rove(root) {
    const days = [...(root?.querySelectorAll(".days a") ?? [])];
    const current = days.find((day) => day.getAttribute("aria-current") === "page") ?? days[0];
    days.forEach((day) => (day.tabIndex = day === current ? 0 : -1));
  }
  rove(section());
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

  window.addEventListener("popstate", () => {
    if (section()) showDay(location.href, false);
  });
})();
