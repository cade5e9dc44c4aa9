// Grubmap's one script. Every page works without it; it adds swiping and self-advancing pages to
// onboarding, and asks the browser for the person's position.
"use strict";

(() => {
  // On a phone the area switcher scrolls sideways: bring the current area into view.
  document.querySelector(".areas [aria-current=page]")?.scrollIntoView({ block: "nearest", inline: "center" });

  // What a form post just did (a check-in, a saved profile with problems) is said where it happened: focus goes
  // there, so a screen reader reads it and the keyboard carries on from it.
  document.querySelector("[data-focus-on-load]")?.focus();

  // The area tabs Map and List switch the area page's pane in place; the links work without this.
  document.querySelectorAll(".area-tabs a[data-tab=map], .area-tabs a[data-tab=list]").forEach((tab) => {
    const choice = document.getElementById(`view-${tab.dataset.tab}`);
    if (!choice) return;
    tab.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      choice.checked = true;
      tab.parentElement.querySelectorAll("a").forEach((other) => other.removeAttribute("aria-current"));
      tab.setAttribute("aria-current", "page");
      history.replaceState(null, "", tab.href);
    });
  });

  const onboarding = document.querySelector("[data-onboarding]");
  if (onboarding) setUpOnboarding(onboarding);
  document.querySelectorAll("[data-locate]").forEach(setUpLocation);
  document.querySelectorAll("[data-counter]").forEach(setUpCounter);
  document.querySelectorAll("[data-push]").forEach(setUpPush);

  // Says `text` through the page's polite live region (Layout.swift). Emptied first and filled a moment later,
  // so a message that repeats is read again. With `visible`, it also shows at the foot of the screen for a few
  // seconds (a bookmark made, a change refused offline), hidden from screen readers, which hear the live region.
  function announce(text, { visible = false } = {}) {
    const region = document.getElementById("announcer");
    if (!region || !text) return;
    region.textContent = "";
    setTimeout(() => (region.textContent = text), 100);
    if (visible) toast(text);
  }
  window.grubmapAnnounce = announce;

  let toastTimer = null;
  function toast(text) {
    let element = document.getElementById("toast");
    if (!element) {
      element = Object.assign(document.createElement("p"), { id: "toast", className: "toast" });
      element.setAttribute("aria-hidden", "true");
      document.body.append(element);
    }
    element.textContent = text;
    element.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (element.hidden = true), 6000);
  }

  // A confirmation the server wrote after a form's redirect (a profile or settings saved, a bookmark made without
  // the script) is shown where it is; a screen reader hears it too.
  document.querySelectorAll("[data-flash]").forEach((flash) => announce(flash.textContent.trim()));

  // Changes need a network, and none is queued for later. Offline, a form is stopped before it leaves and the page
  // says so where the form is (the service worker does the same when the network fails on the way, below); an
  // offline copy, once back online, is loaded afresh first, since its forms carry no CSRF token.
  const offlineBanner = document.getElementById("offline-banner");
  function refusal(action) {
    const path = new URL(action, location.href).pathname;
    const kind = /\/bookmark$/.test(path) ? "refusedBookmark" : /\/(checkin|checkout)$/.test(path) ? "refusedCheckIn" : "refusedChange";
    return offlineBanner?.dataset[kind] || "";
  }
  // Says that the change `form` (or the star `submitter`) would have made was not made: under the form's button,
  // or, for a star or a chooser of the board, at the foot of the screen.
  function refuse(form, submitter) {
    const text = refusal(submitter?.hasAttribute("formaction") ? submitter.formAction : form?.action || location.href);
    const inPlace = form && form.id !== "bookmark-form" && !form.closest("#board");
    if (inPlace) {
      let line = form.querySelector(":scope > .change-refused");
      if (!line) {
        line = Object.assign(document.createElement("p"), { className: "change-refused" });
        form.append(line);
      }
      line.textContent = text;
    }
    announce(text, { visible: !inPlace });
  }
  window.grubmapRefuse = refuse;
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || form.method !== "post") return;
    form.querySelector(":scope > .change-refused")?.remove();
    const isCopy = document.documentElement.hasAttribute("data-offline-copy");
    if (navigator.onLine && !isCopy) return;
    event.preventDefault();
    if (navigator.onLine) location.reload();
    else refuse(form, event.submitter);
  });

  // "N characters left" under a text field, counted as people count characters. It is read out once typing
  // pauses for a second, not at every key.
  // Settings' notifications: subscribe this browser to push messages of followed dishes (the service worker shows
  // them) and tell the server, or undo both. Without push support the section keeps saying what it needs.
  function setUpPush(panel) {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.isSecureContext) return;
    const button = panel.querySelector('[data-action="push"]');
    const status = panel.querySelector("[data-push-status]");
    const text = panel.dataset;
    panel.querySelector("[data-push-unsupported]").hidden = true;
    const say = (words) => {
      status.textContent = words;
      status.hidden = !words;
    };
    const send = (method, path, body) =>
      fetch(path, {
        method,
        credentials: "same-origin",
        headers: { Accept: "application/json", "Content-Type": "application/json", "X-CSRF-Token": text.csrf },
        body: body && JSON.stringify(body),
      }).then((response) => {
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
        return response.json();
      });
    // The key arrives as base64url; pushManager.subscribe wants its bytes.
    const bytes = (base64url) => Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    let subscription = null;
    const paint = () => {
      button.textContent = subscription ? text.turnOff : text.turnOn;
      button.hidden = false;
      say(subscription ? text.on : "");
    };
    paint();
    navigator.serviceWorker.ready.then((registration) => registration.pushManager.getSubscription()).then((kept) => {
      subscription = kept;
      paint();
    });
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        if (subscription) {
          await send("DELETE", `/api/v1/me/push-subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`);
          await subscription.unsubscribe();
          subscription = null;
        } else {
          if ((await Notification.requestPermission()) !== "granted") return say(text.denied);
          const { publicKey } = await send("GET", "/api/v1/push/key");
          const registration = await navigator.serviceWorker.ready;
          const made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(publicKey) });
          await send("POST", "/api/v1/me/push-subscriptions", made.toJSON());
          subscription = made;
        }
        paint();
      } catch {
        say(text.failed);
      } finally {
        button.disabled = false;
      }
    });
  }

  function setUpCounter(field) {
    const output = document.getElementById(field.dataset.counter);
    const limit = Number(output.dataset.limit);
    let quiet = null;
    const update = () => {
      const left = Math.max(0, limit - [...new Intl.Segmenter().segment(field.value)].length);
      output.textContent = left === 1 ? output.dataset.templateOne : output.dataset.template.replace("999999", String(left));
    };
    field.addEventListener("input", () => {
      update();
      clearTimeout(quiet);
      quiet = setTimeout(() => announce(output.textContent), 1000);
    });
    update();
  }

  // Onboarding: slides (by hand) and progress (by itself every interval). The server rendered every page,
  // the current one visible, with links that work on their own; this takes over those links.
  function setUpOnboarding(root) {
    const style = root.dataset.style;
    if (style === "basic") return;
    const slides = [...root.querySelectorAll("[data-slide]")];
    const bars = [...root.querySelectorAll("[data-bar]")];
    const dots = [...root.querySelectorAll("[data-go]")];
    const back = root.querySelector('[data-action="back"]');
    const next = root.querySelector('[data-action="next"]');
    const start = root.querySelector('[data-action="start"]');
    const pause = root.querySelector('[data-action="pause"]');
    const form = root.querySelector("form");
    const last = slides.length - 1;
    const interval = Number(root.dataset.intervalMs) || 3000;
    const manualClock = new URLSearchParams(location.search).get("clock") === "manual";
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    let page = Number(root.dataset.page) || 0;
    let shown = 0; // milliseconds the current page has been shown, unpaused
    let held = 0; // how many reasons to pause are in force (hover, touch, keyboard focus in the sheet)
    let choice = null; // "paused" or "playing" once the person pressed the pause button: it wins over the rest
    let finished = false;

    const isPaused = () => choice === "paused" || (choice !== "playing" && (held > 0 || reducedMotion.matches));

    // Shows page `index`. A page the person asked for is announced; one the timer turned to is not, so a screen
    // reader is never talked over while the pages move on by themselves.
    function show(index, byPerson = true) {
      const focused = document.activeElement;
      page = Math.max(0, Math.min(last, index));
      shown = 0;
      slides.forEach((slide, i) => (slide.hidden = i !== page));
      dots.forEach((dot, i) => (i === page ? dot.setAttribute("aria-current", "step") : dot.removeAttribute("aria-current")));
      back.hidden = page === 0;
      next.hidden = page === last;
      start.hidden = page !== last;
      // The button that had the focus may have just been hidden: its neighbour takes over.
      if (focused === next && next.hidden) start.focus();
      if (focused === back && back.hidden) next.focus();
      if (dots.includes(focused)) dots[page].focus();
      if (byPerson) announce(`${dots[page].getAttribute("aria-label")}: ${slides[page].getAttribute("aria-label")}`);
      root.dataset.page = String(page);
      // Keep the address in step, so a reload shows the same page (the tour at / stays at / on its first page).
      if (location.pathname !== "/" || page !== 0) {
        history.replaceState(null, "", dots[page].getAttribute("href") + (manualClock ? "&clock=manual" : ""));
      }
      paint();
    }

    function paint() {
      bars.forEach((bar, i) => {
        bar.dataset.state = i < page ? "done" : i === page ? "filling" : "waiting";
        const fill = i < page ? 1 : i === page ? Math.min(shown / interval, 1) : 0;
        bar.firstElementChild.style.transform = `scaleX(${fill})`;
      });
      root.dataset.paused = String(isPaused());
      if (pause) {
        const label = isPaused() ? pause.dataset.play : pause.dataset.pause;
        pause.dataset.state = isPaused() ? "paused" : "playing";
        pause.setAttribute("aria-label", label);
        pause.title = label;
      }
    }

    function finish() {
      if (finished) return;
      finished = true;
      form.requestSubmit(start);
    }

    // Advances the clock by `milliseconds`: the progress style moves on after each interval and, after the
    // last page, finishes instead of looping.
    function tick(milliseconds) {
      if (style !== "progress" || finished) return;
      if (!isPaused()) shown += milliseconds;
      if (shown >= interval) {
        if (page === last) return finish();
        show(page + 1, false);
      }
      paint();
    }

    const step = (delta) => (event) => {
      event.preventDefault();
      show(page + delta);
    };
    back.addEventListener("click", step(-1));
    next.addEventListener("click", step(1));
    dots.forEach((dot) =>
      dot.addEventListener("click", (event) => {
        event.preventDefault();
        show(Number(dot.dataset.go));
      }),
    );
    root.addEventListener("keydown", (event) => {
      if (event.key === "ArrowRight" && page < last) show(page + 1);
      if (event.key === "ArrowLeft" && page > 0) show(page - 1);
    });

    // Swipe: a horizontal drag of 50 px or more turns the page.
    let downX = null;
    const sheet = root.querySelector(".sheet");
    sheet.addEventListener("pointerdown", (event) => {
      downX = event.clientX;
      if (event.pointerType !== "mouse") hold(true);
    });
    sheet.addEventListener("pointerup", (event) => {
      if (event.pointerType !== "mouse") hold(false);
      if (downX === null) return;
      const dx = event.clientX - downX;
      downX = null;
      if (Math.abs(dx) >= 50) show(page + (dx < 0 ? 1 : -1));
    });
    sheet.addEventListener("pointercancel", (event) => {
      downX = null;
      if (event.pointerType !== "mouse") hold(false);
    });

    // The progress style pauses while the sheet is hovered or touched, while the keyboard is in it, and always under
    // reduced motion; the pause button stops or restarts it for good, whatever else holds.
    function hold(on) {
      held = Math.max(0, held + (on ? 1 : -1));
      paint();
    }
    if (style === "progress") {
      sheet.addEventListener("mouseenter", () => hold(true));
      sheet.addEventListener("mouseleave", () => hold(false));
      sheet.addEventListener("focusin", () => hold(true));
      sheet.addEventListener("focusout", () => hold(false));
      reducedMotion.addEventListener("change", paint);
      pause.hidden = false;
      pause.addEventListener("click", () => {
        choice = isPaused() ? "playing" : "paused";
        paint();
      });
    }

    show(page, false);
    if (manualClock) {
      // Tests move time by hand instead of waiting.
      window.grubmapOnboarding = { tick, get page() { return page; }, get paused() { return isPaused(); } };
    } else if (style === "progress") {
      let before = performance.now();
      const frame = (now) => {
        tick(now - before);
        before = now;
        if (!finished) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }
  }

  // Location: asks for the position on a button press (or at once right after onboarding). Granted, it is
  // kept in a cookie for an hour and the page reloads with distances; otherwise the matching message shows.
  function setUpLocation(panel) {
    const button = panel.querySelector('[data-action="locate"]');
    const status = panel.querySelector('[data-status="locating"]');
    button.hidden = false;

    function problem(reason) {
      status.hidden = true;
      button.disabled = false;
      panel.querySelectorAll("[data-location-problem]").forEach((p) => (p.hidden = p.dataset.locationProblem !== reason));
      panel.dataset.problem = reason;
    }

    function locate() {
      if (!window.isSecureContext) return problem("insecure");
      if (!("geolocation" in navigator)) return problem("unsupported");
      status.hidden = false;
      button.disabled = true;
      navigator.geolocation.getCurrentPosition(
        (position) => {
          const { latitude, longitude } = position.coords;
          const value = encodeURIComponent(`${latitude.toFixed(6)},${longitude.toFixed(6)}`);
          document.cookie = `grubmap_position=${value}; path=/; max-age=3600; samesite=lax`;
          sessionStorage.setItem("grubmap-located", "1");
          if (panel.dataset.then) return location.replace(panel.dataset.then);
          const url = new URL(location.href);
          url.searchParams.delete("locate");
          url.searchParams.delete("near");
          url.searchParams.delete("sort");
          location.replace(url);
        },
        (error) => problem({ 1: "denied", 2: "unavailable", 3: "timeout" }[error.code] || "unavailable"),
        { enableHighAccuracy: false, timeout: 10000, maximumAge: 60000 },
      );
    }

    button.addEventListener("click", locate);
    // Back from the reload a found position caused: the focus returns to the button and the new order is said.
    if (sessionStorage.getItem("grubmap-located")) {
      sessionStorage.removeItem("grubmap-located");
      button.focus();
      announce(panel.dataset.located);
    } else if (panel.dataset.locate === "auto") {
      locate();
    }
  }
})();

// The installable app (Features/InstallableApp): registers the service worker, which keeps offline copies of
// pages, asks it to keep the default area's menus and the bookmarked places, shows when a page is an offline copy,
// and says in place that a form the worker could not send offline was not sent.
(function installableApp() {
  const banner = document.getElementById("offline-banner");
  if (banner && banner.dataset.savedAt) {
    const saved = new Date(banner.dataset.savedAt);
    if (!Number.isNaN(saved.getTime())) {
      const time = saved.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", hour12: false });
      banner.textContent = banner.dataset.template.replace("{time}", time);
      banner.hidden = false;
    }
  }
  const refused = document.getElementById("offline-refused");
  if (refused && refused.dataset.refused) {
    refused.hidden = false;
    document.getElementById("offline-not-saved")?.setAttribute("hidden", "");
  }
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  // An offline copy kept under another key than the device's now (cookies cleared, another person): a worker that
  // cannot read cookies itself is told to forget the copies, and the page opens again without them.
  const copyKey = document.documentElement.dataset.offlineCopy;
  const deviceKey = document.cookie.split("; ").find((cookie) => cookie.startsWith("grubmap_offline_key="))?.split("=")[1] ?? "";
  if (copyKey !== undefined && copyKey !== deviceKey) {
    document.body.hidden = true;
    navigator.serviceWorker.ready.then((registration) => {
      registration.active?.postMessage({ forget: deviceKey });
      navigator.serviceWorker.addEventListener("message", (event) => event.data?.forgotten && location.reload());
    });
  }
  navigator.serviceWorker.register("/service-worker.js").then(() => navigator.serviceWorker.ready).then((registration) => {
    if (navigator.onLine) registration.active?.postMessage("refresh-saved");
  }).catch(() => {});
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.saved) document.documentElement.dataset.offlineSaved = String(event.data.kept);
    if (event.data?.refused) {
      const address = new URL(event.data.refused).href;
      const form = [...document.forms].find((candidate) => candidate.action === address);
      const star = document.querySelector(`.bookmark-button[formaction="${CSS.escape(new URL(address).pathname)}"]`);
      window.grubmapRefuse?.(star ? star.form : form, star);
    }
  });
})();
