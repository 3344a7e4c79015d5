// The play page: the player's turn by touch, mouse and keyboard. Tap a legal square (the
// engine's list, laid over the board's picture), tap it again or press R to turn the tile through
// its legal rotations, pick a meeple spot (the numbered markers of the preview) and the chip
// actions, then Confirm; or, at a step the page does not play by touch, the turn message's
// buttons. Every move is sent to the server, which makes it through the bot's command layer.
// Hand-written, no dependencies; every word comes from the page (data- attributes and the
// server's answers), in the page's language.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const form = $("move");
  const said = $("said");
  const lang = document.documentElement.lang;
  const version = document.body.dataset.version;
  const q = (extra) => `${extra}&v=${version}&lang=${encodeURIComponent(lang)}`;

  // The idempotency key of the move being sent: the same key for a repeated tap or a retry, a
  // new one once the server refused a move (the player then makes another).
  function newKey() {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  }
  let key = newKey();
  let sending = false;

  // messageOf reads the sentence of the server's answer page.
  function messageOf(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const m = doc.getElementById("message");
    return m ? m.textContent.trim() : "";
  }

  function say(text, cls) {
    said.textContent = text;
    said.className = cls || "";
  }

  // send posts a move; 200 moved and 409 (the game moved on meanwhile) reload the position.
  function send(fields) {
    if (sending) return;
    sending = true;
    document.body.dataset.sending = "true";
    say(form.dataset.sending);
    const body = new URLSearchParams({ t: form.dataset.token, v: form.dataset.version, k: key });
    for (const [k, v] of fields) body.append(k, v);
    fetch(`move?lang=${encodeURIComponent(lang)}`, { method: "POST", body, credentials: "omit", headers: { "Content-Type": "application/x-www-form-urlencoded" } })
      .then((res) => res.text().then((html) => ({ status: res.status, text: messageOf(html) })))
      .then(({ status, text }) => {
        document.body.dataset.answer = String(status);
        if (status === 200) {
          say(text, "ok");
          setTimeout(() => location.reload(), 1200);
          return;
        }
        if (status === 409) {
          say(`${text} ${form.dataset.reloading}`, "bad");
          setTimeout(() => location.reload(), 1500);
          return;
        }
        say(text || form.dataset.failed, "bad");
        key = newKey();
        sending = false;
        delete document.body.dataset.sending;
      }, () => {
        // The network failed: the same key goes again with the next tap, so it moves once.
        say(form.dataset.failed, "bad");
        sending = false;
        delete document.body.dataset.sending;
      });
  }

  // The board: its picture at a zoom where a square can be tapped, the legal squares as buttons
  // laid over it.
  function board() {
    const port = $("playport"), box = $("boardbox"), img = $("playboard");
    const W = +box.dataset.w, H = +box.dataset.h;
    const squares = [...document.querySelectorAll("#squares .sq")];
    for (const b of squares) {
      b.style.left = b.dataset.x + "%"; b.style.top = b.dataset.y + "%";
      b.style.width = b.dataset.w + "%"; b.style.height = b.dataset.h + "%";
    }
    let zoom = 1;
    function apply() { box.style.width = `${W * zoom}px`; box.style.height = `${H * zoom}px`; }
    function fitZoom() {
      const fit = port.clientWidth / W;
      const side = squares.length ? W * (+squares[0].dataset.w) / 100 : W;
      return Math.max(fit, Math.min(2, 44 / side));
    }
    function centreOn(b) {
      if (!b) return;
      const x = (+b.dataset.x + b.dataset.w / 2) / 100 * W * zoom, y = (+b.dataset.y + b.dataset.h / 2) / 100 * H * zoom;
      port.scrollLeft = x - port.clientWidth / 2; port.scrollTop = y - port.clientHeight / 2;
    }
    function zoomBy(f) {
      const cx = (port.scrollLeft + port.clientWidth / 2) / zoom, cy = (port.scrollTop + port.clientHeight / 2) / zoom;
      zoom = Math.min(3, Math.max(port.clientWidth / W / 2, zoom * f));
      apply();
      port.scrollLeft = cx * zoom - port.clientWidth / 2; port.scrollTop = cy * zoom - port.clientHeight / 2;
    }
    zoom = fitZoom(); apply(); centreOn(squares[0]);
    if ($("zoomin")) $("zoomin").addEventListener("click", () => zoomBy(1.25));
    if ($("zoomout")) $("zoomout").addEventListener("click", () => zoomBy(0.8));
    return { squares, centreOn };
  }

  // The turn by touch: the square, its rotation, the spot and the chips, then Confirm.
  function placing(bd) {
    const tile = $("tile"), chosen = $("chosen"), rotate = $("rotate"), placed = $("placed");
    const sel = { square: null, rotations: [], r: 0, answer: null };
    let asked = 0;

    function choose(b, r) {
      for (const x of bd.squares) x.setAttribute("aria-pressed", String(x === b));
      sel.square = b; sel.rotations = b.dataset.rotations.split(" "); sel.r = r;
      rotate.disabled = sel.rotations.length < 2;
      const rot = sel.rotations[r];
      tile.style.transform = `rotate(${rot}deg)`;
      chosen.textContent = chosen.dataset.loading;
      document.body.dataset.placement = "";
      const n = ++asked;
      fetch(q(`placement?square=${b.dataset.square}&rotation=${rot}`), { credentials: "omit" })
        .then((res) => res.ok ? res.json() : res.text().then((html) => { throw { status: res.status, text: messageOf(html) }; }))
        .then((a) => { if (n === asked) show(a); }, (e) => {
          if (n !== asked) return;
          say(e.text || form.dataset.failed, "bad");
          if (e.status === 409) { say(`${e.text} ${form.dataset.reloading}`, "bad"); setTimeout(() => location.reload(), 1500); }
        });
    }

    function show(a) {
      sel.answer = a;
      chosen.textContent = a.label;
      $("preview").src = a.preview;
      $("preview").alt = a.label;
      $("describe").textContent = a.describe;
      const spots = $("spotlist");
      spots.replaceChildren();
      (a.spots || [{ name: "", value: "none" }]).forEach((c, i) => {
        const id = `spot${i}`;
        const input = Object.assign(document.createElement("input"), { type: "radio", name: "meeple", id, value: c.value, checked: c.value === "none" });
        const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: c.name || c.value });
        const row = document.createElement("div");
        row.append(input, " ", label);
        spots.append(row);
      });
      $("spots").hidden = !a.spots || a.spots.length < 2;
      const chips = $("chiplist");
      chips.replaceChildren();
      (a.chips || []).forEach((c, i) => {
        const id = `chip${i}`;
        const input = Object.assign(document.createElement("input"), { type: "checkbox", name: "chips", id, value: c.value });
        const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: c.name });
        const row = document.createElement("div");
        row.append(input, " ", label);
        chips.append(row);
      });
      $("chips").hidden = !(a.chips && a.chips.length);
      placed.hidden = false;
      document.body.dataset.placement = `${a.square} ${a.rotation}`;
    }

    function turn() { if (sel.square && sel.rotations.length > 1) choose(sel.square, (sel.r + 1) % sel.rotations.length); }

    for (const b of bd.squares) {
      b.addEventListener("click", () => { if (b === sel.square) turn(); else choose(b, 0); });
    }
    rotate.addEventListener("click", turn);

    // nearest is the legal square next in direction (dx, dy) from b, by the boxes' centres.
    function nearest(b, dx, dy) {
      const c = (x) => [+x.dataset.x + x.dataset.w / 2, +x.dataset.y + x.dataset.h / 2];
      const [x0, y0] = c(b);
      let best = null, bestD = Infinity;
      for (const o of bd.squares) {
        if (o === b) continue;
        const [x, y] = c(o);
        const along = (x - x0) * dx + (y - y0) * dy;
        if (along <= 0.01) continue;
        const d = along + 3 * Math.abs((x - x0) * dy - (y - y0) * dx);
        if (d < bestD) { bestD = d; best = o; }
      }
      return best;
    }

    document.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || sending) return;
      const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (dirs[e.key] && !e.target.matches("input[type=radio]")) {
        e.preventDefault();
        const from = sel.square || bd.squares[0];
        const to = sel.square ? nearest(from, ...dirs[e.key]) : from;
        if (to) { choose(to, 0); to.focus(); bd.centreOn(to); }
      } else if (e.key === "r" || e.key === "R") {
        e.preventDefault(); turn();
      } else if (/^[0-9]$/.test(e.key) && sel.answer) {
        const radios = [...document.querySelectorAll("#spotlist input")];
        const pick = e.key === "0" ? radios.find((x) => x.value === "none") : radios[+e.key - 1];
        if (pick && pick.value !== "none" || e.key === "0") { if (pick) { pick.checked = true; pick.focus(); } }
        e.preventDefault();
      } else if (e.key === "Enter" && sel.answer && !e.target.matches("button.act")) {
        e.preventDefault(); confirm();
      }
    });

    function confirm() {
      const a = sel.answer;
      if (!a) return;
      const fields = [["square", a.square], ["rotation", a.rotation]];
      const spot = document.querySelector("#spotlist input:checked");
      fields.push(["meeple", spot ? spot.value : "none"]);
      for (const c of document.querySelectorAll("#chiplist input:checked")) fields.push(["chips", c.value]);
      send(fields);
    }
    form.addEventListener("submit", (e) => { e.preventDefault(); confirm(); });
  }

  // The turn message's buttons, for a step the page does not play by touch.
  function buttons() {
    for (const b of document.querySelectorAll("button.act")) {
      b.addEventListener("click", () => {
        const fields = [["click", b.dataset.click]];
        if (b.dataset.value) fields.push(["value", b.dataset.value]);
        send(fields);
      });
    }
    form.addEventListener("submit", (e) => e.preventDefault());
  }

  // watch asks the game's version now and then: when someone else moved meanwhile (an undo, a
  // deadline, a move typed in Discord), the page says so and shows the position as it is now.
  function watch() {
    const stale = form.dataset.stale;
    setInterval(() => {
      if (sending || document.hidden) return;
      fetch("version", { credentials: "omit", cache: "no-store" })
        .then((res) => res.ok ? res.text() : null)
        .then((v) => {
          if (v !== null && v.trim() !== version && !sending) {
            say(`${stale} ${form.dataset.reloading}`, "bad");
            setTimeout(() => location.reload(), 1500);
          }
        }, () => {});
    }, +document.body.dataset.poll || 15000);
  }

  function start() {
    const mode = document.body.dataset.mode;
    const bd = board();
    if (mode === "place") placing(bd);
    if (mode === "buttons") buttons();
    if (mode !== "over") watch();
    document.body.dataset.ready = "true";
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
