// What is happening now, applied in place: on pages whose <main> names its area's event stream
// (data-live-events), one EventSource brings each place's whole live state (check-ins, busyness, today's sold-out
// marks), and the script changes only text and attributes of what the page already shows, found by data-place and
// data-meal when the event arrives (so it survives menus.js swapping the board and map.js moving the map). No rows
// are added, focus never moves, nothing above what is read moves. Changes to the person's bookmarked places are
// said through the polite announcer, one sentence per 10 s at most. Without this script the pages are as rendered.
"use strict";

(() => {
  const main = document.querySelector("main[data-live-events]");
  const template = document.getElementById("live-strings");
  if (!main || !template || !("EventSource" in window)) return;
  const words = template.dataset;
  // The page's moment against the device's clock: "updated N min ago" counts from the server's clock.
  const clockOffset = (Date.parse(words.now) || Date.now()) - Date.now();
  const serverNow = () => Date.now() + clockOffset;
  const clock = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: words.timeZone || undefined,
  });
  const latest = new Map();

  // The day the page shows: the board's own (menus.js swaps days), else the page's.
  const pageDate = () => document.getElementById("board")?.dataset.date || main.dataset.liveDate;
  const byPlace = (selector, id) => document.querySelectorAll(`${selector}[data-place="${CSS.escape(id)}"]`);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
  const levelWords = (level) => (level ? words[`level${camel(level)}`] || "" : "");
  function camel(code) {
    return code.replace(/(^|_)(\w)/g, (whole, sep, letter) => letter.toUpperCase());
  }
  const icon = (level) => `#icon-line-${!level || level === "none" ? "none" : level.replace("_", "-")}`;
  const hereWords = (count) =>
    count === 0 ? words.hereNone : count === 1 ? words.hereOne : fill(words.hereMany, { n: String(count) });

  function updatedWords(updatedAt) {
    const at = Date.parse(updatedAt);
    if (!at) return "";
    const minutes = Math.max(0, Math.floor((serverNow() - at) / 60000));
    return minutes < 1 ? words.updatedNow : fill(words.updatedMinutes, { n: String(minutes) });
  }

  // A BusyBadge (BusyBadge.swift) showing `busyness` ({level, checkedIn, updatedAt}); its line is kept when empty.
  function fillBadge(badge, busyness) {
    const level = busyness.level || "";
    const count = busyness.checkedIn || 0;
    const here = badge.querySelector(".busy-here");
    const empty = !level && (!here || count === 0);
    badge.dataset.level = level;
    badge.dataset.checkedIn = String(count);
    if (busyness.updatedAt) badge.dataset.updatedAt = busyness.updatedAt;
    else delete badge.dataset.updatedAt;
    badge.classList.toggle("is-empty", empty);
    badge.querySelector(".busy-icon use")?.setAttribute("href", icon(level));
    setText(badge.querySelector(".busy-level"), levelWords(level));
    if (here) setText(here, count > 0 ? fill(words.count, { n: String(count) }) : "");
    setText(badge.querySelector(".busy-updated"), empty ? "" : updatedWords(busyness.updatedAt));
  }
  function setText(element, text) {
    if (element && element.textContent !== text) element.textContent = text;
  }
  window.grubmapLive = { fillBadge };

  // The list's "who's here": the faces are of the people there when the page was read, so once the count changes
  // they give way to the count in words, on the same line, which keeps the faces' height: no row below moves.
  function fillHere(element, count) {
    if (element.dataset.count === String(count)) return;
    element.dataset.count = String(count);
    const text = count === 0 ? words.presenceNone : hereWords(count);
    const only = element.children.length === 1 ? element.querySelector(":scope > .nobody") : null;
    if (only) return setText(only, text);
    element.style.minHeight = `${element.getBoundingClientRect().height}px`;
    element.replaceChildren(Object.assign(document.createElement("span"), { className: "nobody", textContent: text }));
  }

  // The place page's "Who's here": the count at once; the names, which the event does not carry, from the page
  // itself fetched again (once per change, a second after the last), swapped in unless the person is reading a
  // card of the list. The check-in buttons are never touched.
  const peopleTimers = new Map();
  function fillWhosHere(panel, id, count) {
    const badge = panel.querySelector(".count-badge");
    if (!badge || badge.dataset.count === String(count)) return;
    badge.dataset.count = String(count);
    setText(badge, String(count));
    clearTimeout(peopleTimers.get(id));
    peopleTimers.set(
      id,
      setTimeout(() => fetchPeople(panel, id), 1000),
    );
  }
  async function fetchPeople(panel, id) {
    peopleTimers.delete(id);
    try {
      const response = await fetch(location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.querySelector(`[data-live="whos-here"][data-place="${CSS.escape(id)}"] .whos-here-people`);
      const shown = panel.querySelector(".whos-here-people");
      if (!fresh || !shown || shown.contains(document.activeElement) || shown.querySelector("details[open]")) return;
      shown.replaceWith(document.importNode(fresh, true));
    } catch {
      // Offline or the server away: the count stays right, the names as they were.
    }
  }

  // A map pin: its count (or its dot), its colour, its label for screen readers and the words its card shows.
  const svg = "http://www.w3.org/2000/svg";
  function fillPin(pin, count, busyness) {
    pin.dataset.here = hereWords(count);
    if (busyness.level !== undefined) {
      pin.dataset.busyLevel = busyness.level || "";
      if (busyness.updatedAt) pin.dataset.busyUpdated = busyness.updatedAt;
    }
    pin.classList.toggle("busy", count > 0);
    const number = pin.querySelector(":scope > text.pin-count");
    const dot = pin.querySelector(":scope > circle.pin-dot");
    if (count > 0 && number) setText(number, count > 99 ? "99+" : String(count));
    else if (count > 0 && dot) {
      const text = document.createElementNS(svg, "text");
      for (const [name, value] of [["class", "pin-count"], ["y", "-19"], ["text-anchor", "middle"]]) {
        text.setAttribute(name, value);
      }
      text.textContent = count > 99 ? "99+" : String(count);
      dot.replaceWith(text);
    } else if (count === 0 && number) {
      const circle = document.createElementNS(svg, "circle");
      for (const [name, value] of [["class", "pin-dot"], ["cy", "-23"], ["r", "4.5"]]) circle.setAttribute(name, value);
      number.replaceWith(circle);
    }
    if (pin.dataset.labelRest !== undefined) {
      const template = count === 0 ? words.pinNone : count === 1 ? words.pinOne : words.pinMany;
      const level = pin.dataset.busyLevel;
      const label =
        fill(template, { place: pin.dataset.name || "", n: String(count) }) +
        pin.dataset.labelRest +
        (level ? `, ${levelWords(level)}` : "");
      if (pin.getAttribute("aria-label") !== label) pin.setAttribute("aria-label", label);
      setText(pin.querySelector(":scope > title"), label);
    }
    // The open card of this pin says who is here too.
    const card = document.getElementById("map-card");
    if (card && !card.hidden && card.querySelector(`[data-live="busy"][data-place="${CSS.escape(pin.dataset.place)}"]`)) {
      setText(card.querySelector('[data-card="here"]'), pin.dataset.here);
    }
  }

  // Where a place's meals are: its board card, or the whole page of that one place.
  function mealScope(id) {
    if (main.dataset.livePlace === id) return [main];
    return [...byPlace(".board-card", id)];
  }

  function markMeal(meal, mark) {
    const struck = meal.classList.contains("sold-out");
    const name = meal.querySelector(".meal-name");
    if (mark) {
      const note = fill(mark.by === "reports" ? words.soldOutReports : words.soldOutOperator, {
        time: clock.format(new Date(mark.at)),
      });
      meal.classList.add("sold-out");
      meal.dataset.soldOut = mark.by;
      if (name && !name.querySelector("s")) {
        const strike = document.createElement("s");
        strike.append(...name.childNodes);
        name.append(strike);
      }
      let noteElement = meal.querySelector(".sold-out-note");
      if (!noteElement) {
        noteElement = Object.assign(document.createElement("p"), { className: "sold-out-note" });
        name?.after(noteElement);
      }
      setText(noteElement, note);
      const button = meal.querySelector(".sold-out-report");
      if (button && document.activeElement !== button) button.hidden = true;
    } else if (struck) {
      meal.classList.remove("sold-out");
      delete meal.dataset.soldOut;
      const strike = name?.querySelector("s");
      if (strike) strike.replaceWith(...strike.childNodes);
      meal.querySelector(".sold-out-note")?.remove();
      const button = meal.querySelector(".sold-out-report");
      if (button) button.hidden = false;
    }
    return mark && !struck;
  }

  // Applies one place's whole state; returns what a person who bookmarked it would want to hear, if anything.
  function apply(state) {
    const id = state.placeId;
    if (!id || (state.date && state.date !== pageDate())) return null;
    latest.set(id, state);
    const busyness = state.busyness || { level: undefined, checkedIn: state.checkedIn };
    const count = busyness.checkedIn ?? state.checkedIn ?? 0;
    let news = null;
    for (const badge of byPlace('[data-live="busy"]', id)) {
      const before = badge.dataset.level || "";
      if (busyness.level === undefined) fillBadge(badge, { ...badgeState(badge), checkedIn: count });
      else {
        fillBadge(badge, busyness);
        if ((busyness.level || "") !== before && busyness.level) news = { level: levelWords(busyness.level) };
      }
    }
    for (const here of byPlace('[data-live="here"]', id)) fillHere(here, count);
    for (const panel of byPlace('[data-live="whos-here"]', id)) fillWhosHere(panel, id, count);
    for (const pin of byPlace(".pin", id)) fillPin(pin, count, busyness);
    if (busyness.level !== undefined) {
      for (const mark of byPlace('[data-live="pin-busy"]', id)) {
        mark.dataset.level = busyness.level || "";
        mark.querySelector("use")?.setAttribute("href", icon(busyness.level));
      }
    }
    if (state.soldOut) {
      for (const scope of mealScope(id)) {
        for (const meal of scope.querySelectorAll("[data-meal]")) {
          if (markMeal(meal, state.soldOut[meal.dataset.meal])) {
            news = { meal: meal.querySelector(".meal-name")?.textContent.trim() || "" };
          }
        }
      }
    }
    return news;
  }
  function badgeState(badge) {
    return { level: badge.dataset.level || null, updatedAt: badge.dataset.updatedAt };
  }

  // Only the person's bookmarked places are said, politely, and never more than a sentence per 10 s: the
  // latest waits for its turn.
  let lastSaid = 0;
  let waiting = null;
  function announce(id, news) {
    if (!news || !byPlace('.bookmark-button[aria-pressed="true"]', id).length) return;
    const place = placeName(id);
    const sentence = news.meal
      ? fill(words.announceSoldOut, { place, meal: news.meal })
      : fill(words.announceLevel, { place, level: news.level });
    const wait = lastSaid + 10000 - Date.now();
    if (wait <= 0) return say(sentence);
    if (!waiting) setTimeout(() => say(waiting), wait);
    waiting = sentence;
  }
  function say(sentence) {
    waiting = null;
    lastSaid = Date.now();
    window.grubmapAnnounce?.(sentence);
  }
  function placeName(id) {
    const place = `[data-place="${CSS.escape(id)}"]`;
    const named =
      document.querySelector(`${place} .card-title, ${place} .place-name, ${place} .rest-name`)?.textContent ||
      byPlace(".pin", id)[0]?.dataset.name ||
      (main.dataset.livePlace === id ? main.querySelector("h1")?.textContent : "");
    return (named || id).trim();
  }

  // A reload without places (too much to send): the page keeps what it shows and offers to show what is new.
  function offerReload() {
    if (document.getElementById("live-updated")) return;
    const note = Object.assign(document.createElement("p"), { id: "live-updated", className: "live-updated" });
    note.setAttribute("role", "status");
    const link = Object.assign(document.createElement("a"), { href: location.href, textContent: words.updatedShow });
    note.append(link);
    main.append(note);
  }

  function onState(event) {
    const state = parse(event.data);
    if (state) announce(state.placeId, apply(state));
  }
  function onReload(event) {
    const reload = parse(event.data);
    // The stream is open and the page as new as its last reload (tests and people debugging read this).
    main.dataset.liveReady = "true";
    if (!reload || (reload.date && reload.date !== pageDate())) return;
    if (!Array.isArray(reload.places)) return offerReload();
    const listed = new Map(reload.places.map((state) => [state.placeId, state]));
    const shown = new Set([...main.querySelectorAll("[data-place]")].map((element) => element.dataset.place));
    if (main.dataset.livePlace) shown.add(main.dataset.livePlace);
    for (const id of shown) {
      if (!id) continue;
      // A stream that sends only check-in counts (no date) says nothing of the other places' lines or meals.
      const state = listed.get(id) || (reload.date ? quiet(id, reload.date) : { placeId: id, checkedIn: 0 });
      announce(id, apply(state));
    }
  }
  // A menu or a place changed: the page does not swap content under the reader, it offers to show the new one,
  // when it shows that place (and, for a menu, that day).
  function onChange(event) {
    const change = parse(event.data);
    if (!change?.placeId || (change.date && change.date !== pageDate())) return;
    const shown = main.dataset.livePlace === change.placeId || byPlace("", change.placeId).length > 0;
    if (shown) offerReload();
  }
  // A place a reload leaves out has nothing live: nobody, no reports, nothing sold out; its level is what the page
  // was told such a place shows (a place with seats: no line), else none.
  const quiet = (id, date) => ({
    placeId: id,
    checkedIn: 0,
    busyness: { level: byPlace("[data-quiet-level]", id)[0]?.dataset.quietLevel || null, checkedIn: 0, reports: 0 },
    date,
    soldOut: {},
  });
  function parse(data) {
    try {
      return JSON.parse(data);
    } catch {
      return null;
    }
  }

  const source = new EventSource(main.dataset.liveEvents);
  source.addEventListener("state", onState);
  source.addEventListener("reload", onReload);
  source.addEventListener("menu", onChange);
  source.addEventListener("place", onChange);
  addEventListener("pagehide", () => source.close());

  // Swapped content (another day of the board, a moved map) is drawn as the server last read it: the latest
  // states are applied to it again, quietly.
  let pending = false;
  new MutationObserver((mutations) => {
    const added = mutations.some((mutation) =>
      [...mutation.addedNodes].some(
        (node) => node.nodeType === 1 && (node.matches("[data-place]") || node.querySelector("[data-place]")),
      ),
    );
    if (!added || pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      for (const state of latest.values()) apply(state);
    });
  }).observe(main, { childList: true, subtree: true });

  // "Updated N min ago" moves on with the clock.
  setInterval(() => {
    for (const badge of main.querySelectorAll('[data-live="busy"][data-updated-at]:not(.is-empty)')) {
      setText(badge.querySelector(".busy-updated"), updatedWords(badge.dataset.updatedAt));
    }
  }, 30000);
})();
