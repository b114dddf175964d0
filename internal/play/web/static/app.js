// app.js is othello serve's page: a thin view over the server's API. It
// sends what the person does and swaps in the board and the state the
// server answers; the game itself is the server's.
"use strict";

const $ = (id) => document.getElementById(id);
let game = null; // the State of the game shown
let cursor = null; // the square under the keyboard's cursor, such as "d3"
let busy = Promise.resolve(); // the last request sent, answered when it settles

// api posts body as JSON to path (or gets it, with no body) and returns
// the answer, or null after showing the server's message.
async function api(path, body) {
  const init = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  let r, text;
  try {
    r = await fetch(path, init);
    text = await r.text();
  } catch (e) {
    $("error").textContent = "The server does not answer: " + e.message;
    return null;
  }
  if (!r.ok) {
    $("error").textContent = text.trim();
    return null;
  }
  $("error").textContent = "";
  return JSON.parse(text);
}

// show draws state st: the board, the status, what happened.
function show(st) {
  if (!st) return;
  game = st;
  $("board").innerHTML = st.board;
  $("board").firstElementChild.classList.toggle("playable", st.human);
  $("players").textContent = `Black (X) is ${st.black}, White (O) is ${st.white}; ${st.rules} rules, ${st.rows}x${st.cols}, ${st.win === "<" ? "fewest" : "most"} discs win.`;
  $("status").textContent = st.status;
  $("legal").textContent = st.over ? "" : "Legal moves: " + st.legal.join(" ");
  $("record").textContent = "Record: " + (st.record || "no moves yet");
  $("opening").textContent = st.opening ? "Opening: " + st.opening : "";
  showMoves(st);
  $("replay").hidden = !st.replay || st.length === 0;
  $("ply").textContent = `move ${st.ply} of ${st.length}`;
  $("auto-row").hidden = !st.auto || st.over;
  for (const m of st.messages) {
    const li = document.createElement("li");
    li.textContent = m;
    $("log").append(li);
  }
  $("log").scrollTop = $("log").scrollHeight;
  if (!cursor || !squareRect(cursor)) cursor = st.hint || st.legal[0] || "a1";
  if (st.hint) cursor = st.hint;
  drawScores(st);
  drawCursor();
  if (st.auto && !st.over && !paused) autoStep();
}

// showMoves lists the moves of the line, numbered from 1, the last
// played in bold, each with the discs it lost once reviewed (its title
// the review in words) and the turning points marked; then the turning
// points themselves.
function showMoves(st) {
  const moves = (st.line || "").match(/[a-p][0-9]+/g) || [];
  const items = moves.map((sq, i) => {
    const li = document.createElement("li");
    li.textContent = `${i + 1}. ${sq}`;
    const r = st.review[i];
    if (r && r.square === sq) {
      li.title = r.text;
      li.classList.toggle("turning", r.turning);
      if (r.loss > 0) {
        const loss = document.createElement("span");
        loss.className = "loss";
        loss.textContent = ` -${r.exact ? r.loss : r.loss.toFixed(1)}`;
        li.append(loss);
      }
    }
    return li;
  });
  items[st.ply - 1]?.classList.add("now");
  $("moves").replaceChildren(...items);
  $("review-box").hidden = st.review.length === 0;
  $("review-status").textContent = st.review.length < st.length ? `Reviewed ${st.review.length} of ${st.length} moves...` : `Reviewed all ${st.length} moves: the title of each move says its score and the best.`;
  $("turning").replaceChildren(...st.turningPoints.map((t) => Object.assign(document.createElement("li"), {textContent: t})));
}

// drawScores marks the hint's square and writes each legal move's score
// on its square, after a hint.
function drawScores(st) {
  for (const [i, m] of (st.scores || []).entries()) {
    const r = squareRect(m.square);
    if (!r) continue;
    const x = +r.getAttribute("x"), y = +r.getAttribute("y"), w = +r.getAttribute("width");
    const svg = (name, attrs) => {
      const e = document.createElementNS("http://www.w3.org/2000/svg", name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      r.parentNode.append(e);
      return e;
    };
    if (i === 0) svg("rect", {class: "hint", x: x + 2, y: y + 2, width: w - 4, height: w - 4});
    svg("text", {class: "score", x: x + w / 2, y: y + w - 4}).textContent = m.score;
    r.querySelector("title").textContent += `, scores ${m.score}${m.exact ? " exactly" : " (an estimate)"}${i === 0 ? ", the hint" : ""}`;
  }
}

// Computer against computer: the page asks for the next move a moment
// after each, until the game is over or paused.
let paused = false, stepping = null;
function autoStep() {
  clearTimeout(stepping);
  stepping = setTimeout(() => {
    busy = busy.then(async () => game && game.auto && !paused && show(await api(`/api/games/${game.id}`)));
  }, 150);
}
$("auto").addEventListener("click", () => {
  paused = !paused;
  $("auto").textContent = paused ? "Go on" : "Pause";
  $("auto").setAttribute("aria-pressed", String(paused));
  if (!paused && game && game.auto && !game.over) autoStep();
});

// review asks the server to review the game's line until every move is.
async function review() {
  while (game && game.review.length < game.length) {
    const length = game.review.length;
    await send("review", {});
    if (!game || game.review.length <= length) return; // an error, or the line changed
  }
}

function squareRect(sq) {
  return $("board").querySelector(`[data-sq="${sq}"]`);
}

// drawCursor outlines the cursor's square when the board has the focus.
function drawCursor() {
  $("board").querySelector(".cursor")?.remove();
  const r = squareRect(cursor);
  if (!r || document.activeElement !== $("board")) return;
  const c = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const a of ["x", "y", "width", "height"]) c.setAttribute(a, r.getAttribute(a));
  c.setAttribute("class", "cursor");
  r.parentNode.after(c);
  $("board").setAttribute("aria-label", "the board, at " + r.textContent);
}

// send posts body to the game's path, after the request before it, and
// shows the answer.
function send(path, body) {
  busy = busy.then(async () => game && show(await api(`/api/games/${game.id}/${path}`, body)));
  return busy;
}

const act = {
  move: (sq) => send("move", {square: sq}),
  undo: () => send("undo", {}),
  hint: () => send("hint", {}),
  go: (ply) => send("goto", {ply: Math.max(0, Math.min(ply, game.length))}),
};

async function newGame(body) {
  $("log").replaceChildren();
  paused = false;
  $("auto").textContent = "Pause";
  busy = busy.then(async () => show(await api("/api/games", body)));
  return busy;
}

function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

$("board").addEventListener("click", (e) => {
  const g = e.target.closest("g");
  const r = g && g.querySelector("[data-sq]");
  if (r) {
    cursor = r.dataset.sq;
    act.move(cursor);
  }
});

$("board").addEventListener("keydown", (e) => {
  const moves = {ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0]};
  if (!game) return;
  if (moves[e.key]) {
    const col = cursor.charCodeAt(0) - 97, row = parseInt(cursor.slice(1), 10) - 1;
    const [dr, dc] = moves[e.key];
    const r = Math.max(0, Math.min(game.rows - 1, row + dr)), c = Math.max(0, Math.min(game.cols - 1, col + dc));
    cursor = String.fromCharCode(97 + c) + (r + 1);
    drawCursor();
  } else if (e.key === "Enter" || e.key === " ") {
    act.move(cursor);
  } else if (/^[a-p0-9]$/i.test(e.key)) { // a square's letter, h too: u and ? are the commands
    $("move-input").value = "";
    $("move-input").focus(); // the key goes on into the field
    return;
  } else {
    return;
  }
  e.preventDefault();
});
$("board").addEventListener("focus", drawCursor);
$("board").addEventListener("blur", drawCursor);

document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
  const replay = game && game.replay;
  if (e.key === "u") act.undo();
  else if (e.key === "?") act.hint();
  else if (replay && e.key === "Home") act.go(0);
  else if (replay && e.key === "End") act.go(game.length);
  else if (replay && e.key === "PageUp") act.go(game.ply - 1);
  else if (replay && e.key === "PageDown") act.go(game.ply + 1);
  else return;
  e.preventDefault();
});
$("review").addEventListener("click", review);

$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const sq = $("move-input").value.trim();
  const command = {undo: act.undo, hint: act.hint}[sq.toLowerCase()]; // as at othello play's prompt
  if (command) command();
  else if (sq) act.move(sq);
  $("move-input").value = "";
});
$("undo").addEventListener("click", act.undo);
$("hint").addEventListener("click", act.hint);
$("replay").addEventListener("click", (e) => {
  const go = e.target.closest("button")?.dataset.go;
  if (go) act.go({start: 0, back: game.ply - 1, next: game.ply + 1, end: game.length}[go]);
});

$("new-form").addEventListener("submit", (e) => {
  e.preventDefault();
  newGame(formData(e.target));
});
$("replay-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const {rules, text} = formData(e.target);
  newGame({rules, text});
});
$("replay-file").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (f) $("replay-form").elements.text.value = await f.text();
});
$("judge-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const body = formData(e.target);
  busy = busy.then(async () => {
    const t = await api("/api/judge", body);
    if (!t) return;
    $("judge-status").textContent = t.status === 0 ? "Exit status 0: the game was played to its end." : `Exit status ${t.status}.`;
    $("judge-errors").hidden = t.errors === "";
    $("judge-errors").textContent = t.errors;
    $("judge-output").textContent = t.output;
  });
});

// start begins the game that the page's query asks for, with the new
// game form's fields (?size=6x6&white=human...), or the game of replay
// to replay (?replay=f5d6c3), and judges the text of judge (?judge=...),
// then plays the squares
// of moves (?moves=d3,c5) one by one, then presses the keys of keys on
// the board (?keys=ArrowLeft,Enter,u), then clicks the buttons of click
// by id or data-go (?click=end,hint), then, with ?review, reviews the
// game: a page to link to, and to test.
async function start() {
  const q = new URLSearchParams(location.search);
  const form = $("new-form");
  for (const [k, v] of q) {
    const field = form.elements[k];
    if (field instanceof HTMLSelectElement && ![...field.options].some((o) => o.value === v)) field.add(new Option(v));
    if (field) field.value = v;
  }
  if (q.has("replay")) {
    $("replay-form").elements.text.value = q.get("replay");
    $("replay-form").requestSubmit();
  } else {
    newGame(formData(form));
  }
  if (q.has("judge")) {
    $("judge-form").elements.text.value = q.get("judge");
    $("judge-form").requestSubmit();
  }
  await busy;
  for (const sq of (q.get("moves") || "").split(",").filter(Boolean)) await act.move(sq);
  if (q.has("keys")) $("board").focus();
  for (const key of (q.get("keys") || "").split(",").filter(Boolean)) {
    $("board").dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true}));
    await busy;
  }
  for (const id of (q.get("click") || "").split(",").filter(Boolean)) {
    document.querySelector(`#${id}, [data-go="${id}"]`)?.click();
    await busy;
  }
  if (q.has("review")) await review();
}
start();
