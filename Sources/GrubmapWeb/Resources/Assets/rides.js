// The place page's ride cards (Pages/RideEstimates.swift). The page works without this script: the cards are
// radio buttons in a GET form and a typed position goes through `?near=`. With it, a chosen card is highlighted and
// summarised at once (the address keeps `?ride=`), and "Share my location" asks the browser for the position,
// keeps it for an hour in the `grubmap_position` cookie the server reads, and reloads the page.
"use strict";

(() => {
  document.querySelectorAll(".rides").forEach((section) => {
    const form = section.querySelector(".rides-form");
    const summary = section.querySelector(".ride-summary");
    if (form) {
      const choose = form.querySelector(".ride-choose");
      if (choose) choose.hidden = true;
      form.addEventListener("change", (event) => {
        const card = event.target.closest(".ride");
        if (!card) return;
        section.querySelectorAll(".ride").forEach((other) => other.classList.toggle("selected", other === card));
        if (summary) summary.textContent = card.dataset.summary;
        const url = new URL(location.href);
        url.searchParams.set("ride", event.target.value);
        history.replaceState(null, "", url);
      });
    }

    const button = section.querySelector(".share-location");
    if (!button || !navigator.geolocation) return;
    const status = section.querySelector(".ride-locate-status");
    const messages = button.dataset;
    button.hidden = false;
    button.addEventListener("click", () => {
      button.disabled = true;
      status.textContent = messages.locating;
      navigator.geolocation.getCurrentPosition(
        (position) => {
          const value = `${position.coords.latitude.toFixed(6)},${position.coords.longitude.toFixed(6)}`;
          document.cookie = `grubmap_position=${encodeURIComponent(value)}; path=/; max-age=3600; samesite=lax`;
          location.reload();
        },
        (error) => {
          button.disabled = false;
          status.textContent =
            error.code === error.PERMISSION_DENIED
              ? messages.denied
              : error.code === error.TIMEOUT
                ? messages.timeout
                : messages.unavailable;
        },
        { enableHighAccuracy: false, timeout: 15000, maximumAge: 300000 },
      );
    });
  });
})();
