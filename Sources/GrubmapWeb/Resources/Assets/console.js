// The operator console's enhancements. Every form works without them (ConsolePositionMap.swift, PlacePages.swift,
// MenuPages.swift); with them, a click on the map fills in the position at once, the id follows the name, and the
// week's menus gain rows and copies without a round trip.
(function () {
  "use strict";

  const announce = (text) => window.grubmapAnnounce && window.grubmapAnnounce(text);

  document.querySelectorAll("[data-picker]").forEach(setUpPicker);
  document.querySelectorAll("input[data-id-from-name]").forEach(setUpIdFromName);
  document.querySelectorAll("form[data-week-form]").forEach(setUpWeekForm);

  // The position picker: each drawing (one a screen size) lies under a transparent image button that, without a
  // script, sends where it was clicked. Here a click sets the fields and the marker instead, and the map may scale.
  function setUpPicker(picker) {
    const latitude = document.getElementById("latitude");
    const longitude = document.getElementById("longitude");
    const drawings = [...picker.querySelectorAll("svg[data-zoom]")];
    picker.classList.add("fluid");
    const worldSize = (svg) => 256 * 2 ** Number(svg.dataset.zoom);
    const view = (svg) => ["originX", "originY", "width", "height"].map((key) => Number(svg.dataset[key]));

    // Moves every drawing's marker to `lat`, `lon`; hides it when that is not on the drawing.
    const mark = (lat, lon) => {
      drawings.forEach((svg) => {
        const [originX, originY, width, height] = view(svg);
        const size = worldSize(svg);
        const radians = (lat * Math.PI) / 180;
        const x = ((lon + 180) / 360) * size - originX;
        const y = ((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * size - originY;
        const marker = svg.querySelector(".map-picked");
        const inside = x >= 0 && y >= 0 && x <= width && y <= height;
        marker.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)})`);
        if (inside) marker.removeAttribute("display");
        else marker.setAttribute("display", "none");
      });
    };

    picker.querySelectorAll("input[type=image]").forEach((target) => {
      target.addEventListener("click", (event) => {
        // A keyboard's Enter (detail 0) in a field of the form also "clicks" the first submit button, this one:
        // that submission saves the form, as the server reads a click at 0,0.
        if (event.detail === 0) return;
        event.preventDefault();
        const svg = target.parentElement.querySelector("svg[data-zoom]");
        const [originX, originY, width, height] = view(svg);
        const box = target.getBoundingClientRect();
        const x = originX + ((event.clientX - box.left) / box.width) * width;
        const y = originY + ((event.clientY - box.top) / box.height) * height;
        const size = worldSize(svg);
        const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
        const lon = (x / size) * 360 - 180;
        latitude.value = lat.toFixed(6);
        longitude.value = lon.toFixed(6);
        mark(lat, lon);
        clearProblem(latitude);
        announce(`${picker.dataset.picked} ${latitude.value}, ${longitude.value}`);
      });
    });
    const typed = () => {
      const lat = Number(latitude.value.trim());
      const lon = Number(longitude.value.trim());
      if (!latitude.value.trim() || !longitude.value.trim() || !Number.isFinite(lat) || !Number.isFinite(lon)) return;
      if (Math.abs(lat) > 85 || Math.abs(lon) > 180) return;
      mark(lat, lon);
    };
    latitude.addEventListener("input", typed);
    longitude.addEventListener("input", typed);
  }

  // Once a field is set right, its problem (from the last time the form was sent) no longer applies.
  function clearProblem(field) {
    const problem = document.getElementById(`${field.id}-problem`);
    if (problem) problem.hidden = true;
    field.removeAttribute("aria-invalid");
  }

  // A new place's id, made from its name on the server as the name is typed, until the id is typed by hand.
  function setUpIdFromName(id) {
    const names = id.dataset.idFromName.split(" ").map((name) => document.getElementById(name)).filter(Boolean);
    let typedByHand = id.value.trim() !== "";
    let pending = null;
    let asked = 0;
    // Once the person goes into the id field it is theirs, until they empty it.
    id.addEventListener("focus", () => (typedByHand = true));
    id.addEventListener("input", () => (typedByHand = id.value.trim() !== ""));
    const suggest = () => {
      if (typedByHand) return;
      const name = names.map((field) => field.value.trim()).find((value) => value) || "";
      const ticket = ++asked;
      if (!name) {
        id.value = "";
        return;
      }
      fetch(`${id.dataset.suggestUrl}?name=${encodeURIComponent(name)}`, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : null))
        .then((answer) => {
          if (answer && ticket === asked && !typedByHand) id.value = answer.id || "";
        })
        .catch(() => {});
    };
    names.forEach((field) =>
      field.addEventListener("input", () => {
        clearTimeout(pending);
        pending = setTimeout(suggest, 150);
      })
    );
  }

  // The week's menus: rows added, a day copied to others and the warning for a closed day, all in the page; the
  // week is saved by the form's one button.
  function setUpWeekForm(form) {
    form.querySelectorAll("[data-add-meal], [data-add-category]").forEach((button) => (button.hidden = false));
    // The bar with the second "Save the week" floats at the bottom of the screen only once the first one, at the
    // top, is scrolled away: while both would show, the bar would only cover the fields under it.
    const bar = form.querySelector(".week-save");
    const first = form.querySelector(".week-intro button[type=submit]");
    if (bar && first && "IntersectionObserver" in window) {
      new IntersectionObserver(([entry]) => bar.classList.toggle("floating", !entry.isIntersecting)).observe(first);
    }
    // The blank category the server adds for a form without a script, on a day that has others: "Add a category"
    // does it here.
    form.querySelectorAll("[data-day]").forEach((day) => {
      const categories = [...day.querySelectorAll("[data-category]")];
      const last = categories[categories.length - 1];
      const blank = (category) => [...category.querySelectorAll("input")].every((field) => field.value.trim() === "");
      if (categories.length > 1 && blank(last)) last.remove();
    });
    const mealTemplate = document.getElementById("meal-row-template");
    const categoryTemplate = document.getElementById("category-template");

    // A template's markup for a prefix, as an element.
    const fromTemplate = (template, replacements) => {
      let html = template.innerHTML;
      for (const [key, value] of Object.entries(replacements)) html = html.split(key).join(value);
      const holder = document.createElement("div");
      holder.innerHTML = html.trim();
      return holder.firstElementChild;
    };
    const nextIndex = (elements, pattern) =>
      Math.max(-1, ...elements.map((element) => Number((element.dataset.prefix.match(pattern) || [0, -1])[1]))) + 1;

    const addMeal = (category) => {
      const rows = [...category.querySelectorAll("[data-meal]")];
      const index = nextIndex(rows, /-m(\d+)$/);
      const prefix = `${category.dataset.prefix}-m${index}`;
      const row = fromTemplate(mealTemplate, { __PREFIX__: prefix, __NUMBER__: String(index + 1) });
      category.querySelector("[data-meals]").appendChild(row);
      row.querySelector("input").focus();
    };
    const addCategory = (day) => {
      const categories = [...day.querySelectorAll("[data-category]")];
      const index = nextIndex(categories, /-c(\d+)$/);
      const prefix = `d${day.dataset.day}-c${index}`;
      const category = fromTemplate(categoryTemplate, { __CATEGORY__: prefix, __NUMBER__: String(index + 1) });
      category.querySelectorAll("[data-add-meal]").forEach((button) => (button.hidden = false));
      day.querySelector("[data-categories]").appendChild(category);
      category.querySelector("input").focus();
    };

    form.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.matches("[data-add-meal]")) {
        addMeal(button.closest("[data-category]"));
      } else if (button.matches("[data-add-category]")) {
        addCategory(button.closest("[data-day]"));
      } else if (button.name === "copy") {
        event.preventDefault();
        copyDay(Number(button.value));
      }
    });

    // Day `source`'s fields, as typed, put on each day ticked under it; nothing is saved until the week is.
    const copyDay = (source) => {
      const from = form.querySelector(`[data-day="${source}"]`);
      const ticked = [...from.querySelectorAll(`input[name="copy-to-${source}"]:checked`)];
      const days = [];
      ticked.forEach((box) => {
        const target = Number(box.value);
        const to = form.querySelector(`[data-day="${target}"]`);
        if (!to || target === source) return;
        const body = from.querySelector("[data-day-body]").cloneNode(true);
        renameDay(body, source, target);
        body.querySelectorAll(".problem").forEach((problem) => problem.remove());
        body.querySelectorAll("[aria-invalid]").forEach((field) => field.removeAttribute("aria-invalid"));
        to.querySelector("[data-day-body]").replaceWith(body);
        box.checked = false;
        days.push(to.querySelector("h2").textContent);
        updateWarning(to);
      });
      const status = from.querySelector("[data-copy-status]");
      const text = days.length ? form.dataset.copied.replace("{days}", days.join(", ")) : form.dataset.copyNone;
      status.textContent = text;
      status.hidden = false;
      announce(text);
    };

    // The prefix `d{source}-` made `d{target}-` in every name, id and reference in `element`.
    const renameDay = (element, source, target) => {
      const rename = (value) => value.replace(new RegExp(`(^|\\s)d${source}-`, "g"), `$1d${target}-`);
      [element, ...element.querySelectorAll("*")].forEach((node) => {
        ["name", "id", "for", "aria-describedby", "data-prefix"].forEach((attribute) => {
          const value = node.getAttribute(attribute);
          if (value) node.setAttribute(attribute, rename(value));
        });
      });
    };

    // A day the place is closed on warns once a meal is typed for it (the menu is kept, the day shows closed).
    const updateWarning = (day) => {
      const warning = day.querySelector("[data-closed-warning]");
      if (!warning) return;
      const closedHere = day.querySelector("input[type=checkbox][name$='-closed']");
      const hasMeal = [...day.querySelectorAll("input[name$='-name']")].some(
        (field) => /-m\d+-name$/.test(field.name) && field.value.trim() !== ""
      );
      warning.hidden = !hasMeal || (closedHere && closedHere.checked);
    };
    form.addEventListener("input", (event) => {
      const day = event.target.closest("[data-day]");
      if (day) updateWarning(day);
    });
    form.querySelectorAll("[data-day]").forEach(updateWarning);
  }
})();
