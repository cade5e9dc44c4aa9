// The area map's script. The server draws every view, and every control is a link to another view, so the map works
// without this; it makes moving smooth: drag, pinch, wheel, +/− and arrow keys fetch the next view in place, a pin's
// card opens without leaving the map, and "Tap the map" sets the person's position where they tap, in place.
"use strict";

(() => {
  const section = document.getElementById("map");
  if (!section || !document.getElementById("map-view")) return;
  const tileSize = 256;
  let picking = false;
  let loading = null; // the AbortController of the view being fetched
  let view = null; // the state of the map now shown

  bind(document.getElementById("map-view"));
  setUpPicking();

  // On a phone's Map tab the map fills the screen under its top: the server draws 400 pixels wide, so the script
  // asks for the height that has the screen's shape (in steps of 20, at least the usual 460), again whenever the
  // map is shown or the phone turns. Wider screens keep the usual shape beside the list.
  const phone = window.matchMedia("(max-width: 759px)");
  // Once it has that shape, the map's section says so (`data-fitted`).
  function refit() {
    const box = view.svg.getBoundingClientRect();
    if (box.width === 0 || loading) return;
    const room = window.innerHeight - (box.top + window.scrollY) - 12;
    const height = phone.matches
      ? Math.min(Math.max(Math.round((room * view.width) / box.width / 20) * 20, 460), 1000)
      : view.height;
    section.toggleAttribute("data-fitted", Math.abs(height - view.height) < 20);
    if (section.hasAttribute("data-fitted")) return;
    const url = new URL(view.fragment, location.href);
    url.searchParams.set("height", String(height));
    const place = new URL(location.href).searchParams.get("place");
    if (place) url.searchParams.set("place", place);
    show(url.pathname + url.search);
  }
  new ResizeObserver(refit).observe(section);

  // Reads the view the server drew and wires its pointer, wheel, key and link handling.
  function bind(root) {
    const svg = root.querySelector("svg.map");
    const content = root.querySelector(".map-content");
    view = {
      root,
      svg,
      content,
      zoom: Number(root.dataset.zoom),
      originX: Number(root.dataset.originX),
      originY: Number(root.dataset.originY),
      width: Number(root.dataset.width),
      height: Number(root.dataset.height),
      minZoom: Number(root.dataset.minZoom),
      maxZoom: Number(root.dataset.maxZoom),
      fragment: root.dataset.fragment,
    };
    root.classList.add("live");
    if (picking) root.classList.add("picking");
    root.querySelector(".map-pick-banner").hidden = !picking;

    root.addEventListener("click", onClick);
    root.addEventListener("keydown", onKey);
    svg.addEventListener("pointerdown", onPointerDown);
    svg.addEventListener("pointermove", onPointerMove);
    svg.addEventListener("pointerup", onPointerUp);
    svg.addEventListener("pointercancel", onPointerUp);
    svg.addEventListener("wheel", onWheel, { passive: false });
  }

  // Web Mercator: a point of the world at the view's zoom (pixels from the top left of the world) and back.
  function coordinate(worldX, worldY, zoom) {
    const size = tileSize * 2 ** zoom;
    const x = Math.min(Math.max(worldX / size, 0), 1);
    const y = Math.min(Math.max(worldY / size, 0), 1);
    const longitude = x * 360 - 180;
    const latitude = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
    return { latitude, longitude };
  }

  // The point of the drawing (in its own units) under a pointer event, wherever the drawing sits in its box.
  function drawingPoint(event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(view.svg.getScreenCTM().inverse());
    return { x: point.x, y: point.y };
  }

  // The fragment's address for the view at `zoom` whose drawing point `anchor` shows the world point now under
  // `anchor` moved by `shift` (pan) — the server brings the zoom and center into range.
  function viewAddress(zoom, anchor, shift = { x: 0, y: 0 }) {
    const clamped = Math.min(Math.max(zoom, view.minZoom), view.maxZoom);
    const factor = 2 ** (clamped - view.zoom);
    const worldX = (view.originX + anchor.x - shift.x) * factor;
    const worldY = (view.originY + anchor.y - shift.y) * factor;
    const centerX = worldX - anchor.x + view.width / 2;
    const centerY = worldY - anchor.y + view.height / 2;
    const center = coordinate(centerX, centerY, clamped);
    const url = new URL(view.fragment, location.href);
    url.searchParams.set("zoom", String(clamped));
    url.searchParams.set("center", `${center.latitude.toFixed(7)},${center.longitude.toFixed(7)}`);
    url.searchParams.delete("place");
    return url.pathname + url.search;
  }

  // Fetches the view at `address` (a map fragment) and puts it in place; the page's address follows, so a reload
  // or a shared link shows the same view.
  async function show(address, keepFocus) {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    view.root.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(address, { signal: controller.signal, credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      const html = await response.text();
      if (controller.signal.aborted) return;
      const holder = document.createElement("div");
      holder.innerHTML = html;
      const next = holder.querySelector("#map-view");
      if (!next) throw new Error("no map");
      view.root.replaceWith(next);
      bind(next);
      // A card the server opened (the address named its place) keeps its place in the address.
      const opened = !next.querySelector("#map-card").hidden && next.querySelector(".pin.selected");
      history.replaceState(null, "", opened ? opened.getAttribute("href") : next.dataset.page);
      // The control pressed keeps the focus; where it cannot go further, the first control takes it.
      if (keepFocus) (next.querySelector(`[data-action="${keepFocus}"]`) || next.querySelector("a.map-control"))?.focus();
      window.grubmapAnnounce?.(next.dataset.summary);
    } catch (error) {
      if (error.name === "AbortError") return;
      // The link still works: follow it as a page.
      location.href = pageAddress(address);
    } finally {
      if (loading === controller) loading = null;
    }
  }

  // The page address of a fragment address.
  function pageAddress(fragment) {
    const url = new URL(fragment, location.href);
    url.pathname = url.pathname.replace(/\/map$/, "");
    url.searchParams.set("view", "map");
    url.hash = "map-view";
    return url.pathname + url.search + url.hash;
  }

  function onClick(event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (suppressClick) {
      suppressClick = false;
      event.preventDefault();
      return;
    }
    if (picking && view.svg.contains(event.target)) {
      event.preventDefault();
      setPosition(drawingPoint(event));
      return;
    }
    const target = event.target.closest("a, button");
    if (!target || !view.root.contains(target)) return;
    if (target.dataset.action === "cancel-pick") {
      stopPicking();
      return;
    }
    if (target.dataset.action === "close-card") {
      event.preventDefault();
      closeCard();
      return;
    }
    if (target.classList.contains("pin")) {
      event.preventDefault();
      openCard(target);
      return;
    }
    if (target.dataset.fragment) {
      event.preventDefault();
      show(target.dataset.fragment, target.dataset.action);
    }
  }

  // A pin's card, filled from the pin: name, kind, distance, open now, who's here, and the place's page.
  let cardPin = null;
  function openCard(pin) {
    const card = view.root.querySelector("#map-card");
    const field = (name) => card.querySelector(`[data-card="${name}"]`);
    const name = field("name");
    name.textContent = pin.dataset.name;
    if (pin.dataset.lang) name.lang = pin.dataset.lang;
    else name.removeAttribute("lang");
    field("kind").textContent = pin.dataset.kind || "";
    field("distance").textContent = pin.dataset.distance || "";
    const open = field("open");
    open.textContent = pin.dataset.open || "";
    open.className = `open-state ${pin.dataset.openState || ""}`;
    field("here").textContent = pin.dataset.here || "";
    // The busyness badge, in the words live.js keeps (pages without it have no badge in the card).
    const busy = field("busy")?.querySelector("[data-live=busy]");
    if (busy && window.grubmapLive) {
      busy.dataset.place = pin.dataset.place;
      window.grubmapLive.fillBadge(busy, { level: pin.dataset.busyLevel || null, updatedAt: pin.dataset.busyUpdated });
    }
    field("link").href = pin.dataset.href;
    view.root.querySelectorAll(".pin.selected").forEach((other) => other.classList.remove("selected"));
    pin.classList.add("selected");
    card.hidden = false;
    cardPin = pin.dataset.place;
    history.replaceState(null, "", pin.getAttribute("href"));
    name.focus();
  }

  function closeCard() {
    const card = view.root.querySelector("#map-card");
    card.hidden = true;
    const pin = cardPin && view.root.querySelector(`.pin[data-place="${CSS.escape(cardPin)}"]`);
    pin?.classList.remove("selected");
    cardPin = null;
    history.replaceState(null, "", view.root.dataset.page);
    pin?.focus();
  }

  // Keys, while the focus is in the map: arrows move by a quarter of the view, + and − zoom, Escape closes the card.
  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest("input, select, textarea")) return;
    const center = { x: view.width / 2, y: view.height / 2 };
    const step = { x: view.width / 4, y: view.height / 4 };
    let address = null;
    switch (event.key) {
      case "ArrowUp": address = viewAddress(view.zoom, center, { x: 0, y: step.y }); break;
      case "ArrowDown": address = viewAddress(view.zoom, center, { x: 0, y: -step.y }); break;
      case "ArrowLeft": address = viewAddress(view.zoom, center, { x: step.x, y: 0 }); break;
      case "ArrowRight": address = viewAddress(view.zoom, center, { x: -step.x, y: 0 }); break;
      case "+": case "=": address = view.zoom < view.maxZoom ? viewAddress(view.zoom + 1, center) : null; break;
      case "-": case "_": address = view.zoom > view.minZoom ? viewAddress(view.zoom - 1, center) : null; break;
      case "Escape":
        if (!view.root.querySelector("#map-card").hidden) closeCard();
        else if (picking) stopPicking();
        else return;
        event.preventDefault();
        return;
      default: return;
    }
    event.preventDefault();
    if (address) show(address, event.target.dataset?.action || "zoom-in");
  }

  // Drag with one pointer, pinch with two: the drawing follows the fingers, and the view is fetched when they lift.
  // A pinch zooms one level per gesture (the drawing follows it up to twice or half its size), about the point
  // between the fingers, which stays under them: no jump of two levels into a view with nothing in it.
  const pinchLimit = 2;
  const pointers = new Map();
  let gesture = null;
  let suppressClick = false;

  function onPointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.set(event.pointerId, drawingPoint(event));
    if (pointers.size > 2) return;
    const points = [...pointers.values()];
    gesture = {
      start: points.map((p) => ({ ...p })),
      scale: 1,
      shift: { x: 0, y: 0 },
      moved: false,
      pinch: points.length === 2,
      id: event.pointerId,
    };
  }

  function onPointerMove(event) {
    if (!gesture || !pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, drawingPoint(event));
    const points = [...pointers.values()];
    if (gesture.pinch && points.length === 2) {
      const [a, b] = gesture.start;
      const [c, d] = points;
      const before = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const spread = Math.hypot(c.x - d.x, c.y - d.y) / before;
      gesture.scale = Math.min(Math.max(spread, 1 / pinchLimit), pinchLimit);
      gesture.anchor = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      gesture.shift = { x: (c.x + d.x) / 2 - gesture.anchor.x, y: (c.y + d.y) / 2 - gesture.anchor.y };
    } else if (!gesture.pinch) {
      const start = gesture.start[0];
      const now = pointers.get(gesture.id) || points[0];
      gesture.shift = { x: now.x - start.x, y: now.y - start.y };
    } else {
      return;
    }
    if (!gesture.moved && Math.hypot(gesture.shift.x, gesture.shift.y) < 5 && Math.abs(gesture.scale - 1) < 0.05) return;
    if (!gesture.moved) {
      gesture.moved = true;
      view.svg.setPointerCapture?.(event.pointerId);
      view.root.classList.add("dragging");
    }
    const anchor = gesture.anchor || { x: 0, y: 0 };
    view.content.style.transform =
      `translate(${gesture.shift.x + anchor.x}px, ${gesture.shift.y + anchor.y}px) ` +
      `scale(${gesture.scale}) translate(${-anchor.x}px, ${-anchor.y}px)`;
  }

  function onPointerUp(event) {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (!gesture || pointers.size > 0) return;
    const done = gesture;
    gesture = null;
    view.root.classList.remove("dragging");
    if (!done.moved) return;
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    if (done.pinch) {
      // A third of the way to twice (or half) the size decides; less is a drag of two fingers.
      const step = done.scale >= 1.26 ? 1 : done.scale <= 1 / 1.26 ? -1 : 0;
      const zoom = Math.min(Math.max(view.zoom + step, view.minZoom), view.maxZoom);
      // The point between the fingers stays under them.
      show(viewAddress(zoom, { x: done.anchor.x + done.shift.x, y: done.anchor.y + done.shift.y }, done.shift));
    } else {
      show(viewAddress(view.zoom, { x: view.width / 2, y: view.height / 2 }, done.shift));
    }
  }

  // The wheel zooms by one level per turn, about the pointer (the point under it stays under it): a turn is the
  // wheel's events until it rests 0.4 s (counted from the last of them, or from when the view it asked for arrived),
  // its first 50 pixels (a notch, or a touchpad's stroke) zoom at once, and the rest of it is let go, so a fast spin
  // never flies several levels past what was wanted. Turning the other way starts a new turn.
  const wheelRest = 400;
  let wheelTurn = { endsAt: 0, total: 0, done: false };
  function onWheel(event) {
    event.preventDefault();
    const reversed = wheelTurn.total * event.deltaY < 0;
    if (event.timeStamp > wheelTurn.endsAt || reversed) wheelTurn = { endsAt: 0, total: 0, done: false };
    wheelTurn.endsAt = Math.max(wheelTurn.endsAt, event.timeStamp + wheelRest);
    if (wheelTurn.done) return;
    wheelTurn.total += event.deltaMode === 1 ? event.deltaY * 40 : event.deltaY;
    if (Math.abs(wheelTurn.total) < 50) return;
    wheelTurn.done = true;
    const zoom = Math.min(Math.max(view.zoom - Math.sign(wheelTurn.total), view.minZoom), view.maxZoom);
    const turn = wheelTurn;
    if (zoom !== view.zoom) {
      show(viewAddress(zoom, drawingPoint(event))).then(() => (turn.endsAt = performance.now() + wheelRest));
    }
  }

  // "Tap the map": the next tap on the map sets the position there, through the same form as "I'm at …".
  function setUpPicking() {
    const button = document.querySelector('[data-action="pick-on-map"]');
    if (!button) return;
    button.hidden = false;
    button.addEventListener("click", () => {
      picking = true;
      const choice = document.getElementById("view-map");
      if (choice) choice.checked = true;
      view.root.classList.add("picking");
      const banner = view.root.querySelector(".map-pick-banner");
      banner.hidden = false;
      view.root.scrollIntoView({ block: "nearest" });
      window.grubmapAnnounce?.(banner.textContent);
      banner.querySelector("button")?.focus();
    });
  }

  function stopPicking() {
    picking = false;
    view.root.classList.remove("picking");
    view.root.querySelector(".map-pick-banner").hidden = true;
  }

  // The position is set in place: the form goes by `fetch`, and from the page it comes back to are taken the list
  // (nearest first), the line saying where distances are measured from, the sort links, "set by you, near …" and
  // the notice; the map redraws the view it shows with the new position. Nothing reloads or scrolls. Should any of
  // it fail, the form is sent as a page, as without the script.
  async function setPosition(point) {
    const where = coordinate(view.originX + point.x, view.originY + point.y, view.zoom);
    const form = document.querySelector("[data-tap-form]");
    form.querySelector('[name="position"]').value = `${where.latitude.toFixed(6)},${where.longitude.toFixed(6)}`;
    stopPicking();
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: new URLSearchParams(new FormData(form)),
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(String(response.status));
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      // The map stays where it is on the screen while what is above it changes.
      const top = section.getBoundingClientRect().top;
      const keepMap = () => window.scrollBy(0, section.getBoundingClientRect().top - top);
      for (const selector of ["main > .meta", "main > .toolbar", "main .list-pane"]) {
        const next = page.querySelector(selector);
        const now = document.querySelector(selector);
        if (!next || !now) throw new Error(`no ${selector}`);
        now.replaceWith(document.adoptNode(next));
      }
      const picker = document.querySelector(".set-position");
      const current = page.querySelector(".position-current");
      document.querySelector(".position-current")?.remove();
      if (current) picker.before(document.adoptNode(current));
      picker.open = false;
      const notice = page.querySelector("main > .notice.success");
      document.querySelector("main > .notice.success")?.remove();
      if (notice) document.querySelector("main > .meta").after(document.adoptNode(notice));
      keepMap();
      await show(view.root.dataset.fragment);
      keepMap();
      if (notice) window.grubmapAnnounce?.(notice.textContent);
    } catch (error) {
      form.submit();
    }
  }
})();
