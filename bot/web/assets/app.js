// The game page: pan and zoom of the board (mouse, touch, keyboard), the history slider and the
// check of the deal's key. Hand-written, no dependencies; the page works without it (the slider
// becomes a form, every move a link). Every word it shows comes from the page, in the page's
// language (data- attributes the server wrote from its catalogues); numbers and dates are written
// in that language's convention.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const pageLang = document.documentElement.lang || undefined;

  // Pan and zoom: the picture is moved and scaled with a CSS transform inside its viewport.
  function panZoom(viewport, img, levelOut) {
    const st = { scale: 1, x: 0, y: 0, fit: 1, fitted: true };
    const percent = new Intl.NumberFormat(pageLang, { style: "percent", maximumFractionDigits: 0 });
    const maxScale = () => Math.max(4, st.fit * 8);
    function apply() {
      img.style.transform = `translate(${st.x}px, ${st.y}px) scale(${st.scale})`;
      viewport.dataset.scale = st.scale.toFixed(4);
      levelOut.textContent = percent.format(st.scale);
    }
    // clamp keeps part of the picture in view, and centres it when it is smaller than the viewport.
    function clamp() {
      const vw = viewport.clientWidth, vh = viewport.clientHeight;
      const w = img.naturalWidth * st.scale, h = img.naturalHeight * st.scale;
      st.x = w <= vw ? (vw - w) / 2 : Math.min(0, Math.max(vw - w, st.x));
      st.y = h <= vh ? (vh - h) / 2 : Math.min(0, Math.max(vh - h, st.y));
    }
    function fit() {
      if (!img.naturalWidth) return;
      if (window.matchMedia("(max-width: 900px)").matches) {
        viewport.style.height = Math.min(window.innerHeight * 0.7, viewport.clientWidth * img.naturalHeight / img.naturalWidth + 2) + "px";
      }
      st.fit = Math.min(viewport.clientWidth / img.naturalWidth, viewport.clientHeight / img.naturalHeight);
      st.scale = st.fit; st.fitted = true;
      clamp(); apply();
    }
    // zoomAt scales by factor around the point (px, py) of the viewport, which stays put.
    function zoomAt(factor, px, py) {
      const s = Math.min(maxScale(), Math.max(st.fit, st.scale * factor));
      st.x = px - (px - st.x) * (s / st.scale);
      st.y = py - (py - st.y) * (s / st.scale);
      st.scale = s; st.fitted = s === st.fit;
      clamp(); apply();
    }
    const centre = () => [viewport.clientWidth / 2, viewport.clientHeight / 2];
    function pan(dx, dy) { st.x += dx; st.y += dy; clamp(); apply(); }

    viewport.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = viewport.getBoundingClientRect();
      zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });

    // Pointers: one drags, two pinch.
    const pointers = new Map();
    let pinch = null;
    viewport.addEventListener("pointerdown", (e) => {
      viewport.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      viewport.classList.add("dragging");
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = Math.hypot(a.x - b.x, a.y - b.y);
      }
    });
    viewport.addEventListener("pointermove", (e) => {
      const prev = pointers.get(e.pointerId);
      if (!prev) return;
      const cur = { x: e.clientX, y: e.clientY };
      pointers.set(e.pointerId, cur);
      if (pointers.size === 1) {
        pan(cur.x - prev.x, cur.y - prev.y);
      } else if (pointers.size === 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        const r = viewport.getBoundingClientRect();
        zoomAt(d / pinch, (a.x + b.x) / 2 - r.left, (a.y + b.y) / 2 - r.top);
        pinch = d;
      }
    });
    const up = (e) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (pointers.size === 0) viewport.classList.remove("dragging");
    };
    viewport.addEventListener("pointerup", up);
    viewport.addEventListener("pointercancel", up);
    viewport.addEventListener("dblclick", (e) => {
      const r = viewport.getBoundingClientRect();
      zoomAt(2, e.clientX - r.left, e.clientY - r.top);
    });
    viewport.addEventListener("keydown", (e) => {
      const step = 60;
      const keys = {
        "+": () => zoomAt(1.25, ...centre()), "=": () => zoomAt(1.25, ...centre()),
        "-": () => zoomAt(0.8, ...centre()), "0": fit,
        ArrowLeft: () => pan(step, 0), ArrowRight: () => pan(-step, 0),
        ArrowUp: () => pan(0, step), ArrowDown: () => pan(0, -step),
      };
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
    $("zoomin").addEventListener("click", () => zoomAt(1.25, ...centre()));
    $("zoomout").addEventListener("click", () => zoomAt(0.8, ...centre()));
    $("zoomfit").addEventListener("click", fit);
    window.addEventListener("resize", () => { if (st.fitted) fit(); else { clamp(); apply(); } });
    // The frame can change size without the window doing so (its style arriving after the
    // picture on a slow connection left it 0 high, and the board at 0%): a fitted board follows.
    if (window.ResizeObserver) {
      new ResizeObserver(() => { if (st.fitted) fit(); else { clamp(); apply(); } }).observe(viewport);
    }
    // A new position's picture has the same size: the view stays where the reader left it.
    let first = true;
    img.addEventListener("load", () => {
      if (first || st.fitted) { first = false; fit(); } else { clamp(); apply(); }
      viewport.dataset.loaded = img.getAttribute("src");
    });
    if (img.complete && img.naturalWidth) { first = false; fit(); viewport.dataset.loaded = img.getAttribute("src"); }
  }

  // History: the slider, the step buttons and the log show one position at a time. The log's
  // items are read anew each time: a game that moves on while the page is open adds to them
  // (follow).
  function stepper(img) {
    const slider = $("slider"), log = $("log");
    const items = () => [...log.querySelectorAll("li")];
    // The pictures are drawn in the page's language; the page's own links keep a language the
    // reader chose on the page (data-query: "&lang=de", or empty).
    const boardURL = (k) => `${img.dataset.base}${k}.png?v=${img.dataset.version}&lang=${img.dataset.lang}`;
    // While the slider is dragged the captions follow at once and the picture once it rests, so
    // that a quick sweep through the game does not ask the server for every board on the way.
    let pending = 0;
    function showBoard(n) {
      img.src = boardURL(n);
      img.addEventListener("load", () => {
        const count = items().length;
        for (const k of [n - 1, n + 1]) {
          if (k >= 0 && k < count) new Image().src = boardURL(k);
        }
      }, { once: true });
    }
    // caption writes position n's caption, line, scores and mark in the log, leaving the board.
    function caption(n) {
      const all = items(), li = all[n];
      slider.value = n;
      img.alt = li.dataset.alt;
      $("poslabel").textContent = li.dataset.label;
      $("scoresat").textContent = li.dataset.label;
      $("line").textContent = li.textContent.trim();
      const scores = li.dataset.scores.split("|");
      document.querySelectorAll("#scores td.score").forEach((td, i) => { td.textContent = scores[i]; });
      all.forEach((x) => x.removeAttribute("aria-current"));
      li.setAttribute("aria-current", "step");
      if (n === all.length - 1) $("newmove").hidden = true;
    }
    function show(n, push) {
      n = Math.max(0, Math.min(items().length - 1, n));
      caption(n);
      clearTimeout(pending);
      pending = setTimeout(() => showBoard(n), 120);
      const li = items()[n];
      log.scrollTop = li.offsetTop - log.clientHeight / 2;
      if (push) {
        window.history.replaceState(null, "", `?move=${n}${img.dataset.query}`);
        // The language links open the same board in another language.
        document.querySelectorAll(".languages a[hreflang]").forEach((a) => {
          const u = new URL(a.href);
          u.searchParams.set("move", n);
          a.href = u.pathname + u.search;
        });
      }
    }
    slider.addEventListener("input", () => show(+slider.value, true));
    $("prev").addEventListener("click", () => show(+slider.value - 1, true));
    $("next").addEventListener("click", () => show(+slider.value + 1, true));
    log.addEventListener("click", (e) => {
      const li = e.target.closest("li");
      if (li) { e.preventDefault(); show(+li.dataset.n, true); }
    });
    document.addEventListener("keydown", (e) => {
      if (e.target.matches("input, textarea")) return;
      if (e.key === "[") show(+slider.value - 1, true);
      if (e.key === "]") show(+slider.value + 1, true);
    });
    const cur = log.querySelector("li[aria-current]");
    if (cur) log.scrollTop = cur.offsetTop - log.clientHeight / 2;
    return { show, caption, shown: () => +slider.value, last: () => items().length - 1 };
  }

  // Following the game: while it runs, the page asks the game's version (a few bytes, nothing
  // drawn), first after data-poll ms, then twice as long each time nothing changed, up to
  // data-pollmax, and not while the page is hidden. When the game moved on it reads its own page
  // again (the same page, so nothing it did not show before) and takes from it the header, the
  // players' table, the history and the rest beside the board. A reader at the last position
  // follows the game to its new last; one exploring the history stays where they are, and is
  // offered the new move.
  function follower(img, step, wire) {
    const body = document.body;
    if (body.dataset.over !== "false" || !window.fetch || !window.DOMParser) return;
    const first = +body.dataset.poll || 2000, longest = +body.dataset.pollmax || 15 * first;
    let wait = first, timer = 0, asking = false;
    const later = (ms) => { clearTimeout(timer); if (!document.hidden && body.dataset.over === "false") timer = setTimeout(ask, ms); };
    // The page's own address in its language, at its last position.
    const pageURL = () => img.dataset.query ? `./?${img.dataset.query.slice(1)}` : "./";
    async function ask() {
      if (asking) return;
      asking = true;
      try {
        const res = await fetch("version", { credentials: "omit", cache: "no-store" });
        if (!res.ok) throw new Error(`version: ${res.status}`);
        if ((await res.text()).trim() === body.dataset.version) {
          wait = Math.min(longest, wait * 2);
        } else {
          const page = await fetch(pageURL(), { credentials: "omit", cache: "no-cache" });
          if (!page.ok) throw new Error(`page: ${page.status}`);
          update(new DOMParser().parseFromString(await page.text(), "text/html"));
          wait = first;
        }
      } catch (e) {
        wait = Math.min(longest, wait * 2); // busy, offline or restarting: ask again later
      } finally {
        asking = false;
      }
      later(wait);
    }
    function update(doc) {
      const nb = doc.body;
      if (!nb || !nb.dataset.version || !doc.getElementById("log")) return; // not the game's page
      const log = $("log"), followed = step.shown() === step.last();
      document.querySelector("header").replaceWith(document.importNode(doc.querySelector("header"), true));
      // Beside the board: everything is the new page's but the log, whose items are replaced
      // in place so that its scroll stays where the reader left it.
      const aside = document.importNode(doc.querySelector("main > aside"), true);
      const scroll = log.scrollTop;
      log.replaceChildren(...aside.querySelector("#log").children);
      aside.querySelector("#log").replaceWith(log);
      document.querySelector("main > aside").replaceWith(aside);
      log.scrollTop = scroll;
      const last = step.last();
      $("slider").max = last;
      img.dataset.version = body.dataset.version = nb.dataset.version;
      body.dataset.over = nb.dataset.over;
      wire(document.querySelector("header"), aside);
      if (followed || step.shown() > last) {
        step.show(last, location.search.includes("move="));
      } else {
        step.caption(step.shown());
        $("newmove").hidden = false;
      }
    }
    $("shownew").addEventListener("click", () => step.show(step.last(), true));
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) clearTimeout(timer); else { wait = first; later(0); }
    });
    later(wait);
  }

  // SHA-256 (FIPS 180-4), so that the check works on any page, secure context or not.
  function sha256hex(bytes) {
    const K = new Uint32Array([
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);
    const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
    const len = bytes.length, total = Math.ceil((len + 9) / 64) * 64;
    const m = new Uint8Array(total);
    m.set(bytes); m[len] = 0x80;
    const dv = new DataView(m.buffer);
    dv.setUint32(total - 8, Math.floor(len / 0x20000000)); dv.setUint32(total - 4, (len * 8) >>> 0);
    const w = new Uint32Array(64);
    const rotr = (x, n) => (x >>> n) | (x << (32 - n));
    for (let off = 0; off < total; off += 64) {
      for (let i = 0; i < 16; i++) w[i] = dv.getUint32(off + 4 * i);
      for (let i = 16; i < 64; i++) {
        const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
      }
      let [a, b, c, d, e, f, g, h] = H;
      for (let i = 0; i < 64; i++) {
        const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        h = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      H[0] += a; H[1] += b; H[2] += c; H[3] += d; H[4] += e; H[5] += f; H[6] += g; H[7] += h;
    }
    return [...H].map((x) => x.toString(16).padStart(8, "0")).join("");
  }

  // The deal's check: the key, hashed with the game's id, must give the commitment posted at the start.
  function dealCheck(button) {
    button.addEventListener("click", () => {
      const text = `carcassonne-maps-bot deal\ngame:${button.dataset.game}\nkey:${$("key").textContent.trim()}\n`;
      const got = sha256hex(new TextEncoder().encode(text));
      const out = $("checked");
      const ok = got === $("commitment").textContent.trim();
      out.className = ok ? "ok" : "bad";
      out.textContent = ok ? out.dataset.ok : out.dataset.bad.replace("%s", got);
    });
  }

  // The follow box: the command with this page's whole address, and a button that copies it.
  function followBox(code, button, out) {
    code.textContent = code.dataset.prefix + location.origin + location.pathname;
    button.addEventListener("click", () => {
      const done = (ok) => { out.textContent = ok ? out.dataset.ok : out.dataset.failed; };
      if (navigator.clipboard) navigator.clipboard.writeText(code.textContent).then(() => done(true), () => done(false));
      else done(false);
    });
  }

  // Times in the reader's own time zone, in the page's language.
  function localTimes(root) {
    for (const t of root.querySelectorAll("time[datetime]")) {
      const d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d)) { t.title = t.textContent; t.textContent = d.toLocaleString(pageLang, { dateStyle: "medium", timeStyle: "short" }); }
    }
  }

  // wire gives the page's parts (all of it, or those read anew while following the game) their
  // behaviour.
  function wire(...parts) {
    parts.forEach(localTimes);
    if ($("check")) dealCheck($("check"));
    if ($("copyfollow")) followBox($("followcommand"), $("copyfollow"), $("copied"));
  }

  function start() {
    wire(document);
    const img = $("board"), viewport = $("viewport");
    if (img && viewport) { panZoom(viewport, img, $("zoomlevel")); follower(img, stepper(img), wire); }
    // Marks the page as wired, so that a reader (or a test) clicking at once is heard.
    document.body.dataset.ready = "true";
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
