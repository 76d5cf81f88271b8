// Moves that can be followed, and the View menu's settings that need no Python.
//
// The board is always drawn in its final state at once (lotus/dom/host.py writes the new SVG):
// what moves here is a picture over it, so a click during an animation is handled at once. A
// race move's stone travels from its origin through every field it passes to where it landed,
// hopping on the trampoline when it bounced: the renderer writes the path of the last move into
// `g.motion[data-ply]` (lotus/render/race.py), and a copy of the stone is moved along it
// (Web Animations, at most 300 ms) while the real stone waits unseen. Only a board one move on
// from the one drawn before animates (a move played, or a step forward in review; not a
// selection, an undo or another game). Go's placed and reversed stones are CSS animations
// (static/css/go-board.css). `body[data-animating]` is set while a travel runs.
//
// Nothing moves under `prefers-reduced-motion: reduce`, nor when the View menu's "Animate moves"
// is off (`html[data-motion="off"]`, kept in localStorage lotus.motion). The menu's "Moves in
// notation" shows the move list's notation instead of its words (`html[data-notation="1"]`,
// lotus.notation). Its "Show point numbers" is the page's Python's (lotus/ui_bindings.py).
(function () {
  "use strict";
  var root = document.documentElement;
  var store = window.lotusStore;  // static/js/boot.js's, which runs before this
  if (store.get("lotus.motion") === "0") root.setAttribute("data-motion", "off");
  if (store.get("lotus.notation") === "1") root.setAttribute("data-notation", "1");
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  function moving() {
    return root.getAttribute("data-motion") !== "off" && !(reduced && reduced.matches);
  }

  var MOST_MS = 300;  // an animation never takes longer
  var running = 0;
  function settled() {
    running -= 1;
    if (running <= 0) {
      running = 0;
      document.body.removeAttribute("data-animating");
    }
  }

  var drawn = null;  // the number of moves of the race board drawn last
  function travel(board) {
    var svg = board.querySelector("svg.lotus-race-board");
    var motion = svg && svg.querySelector("g.motion[data-ply]");
    if (!motion) return;
    var ply = Number(motion.getAttribute("data-ply"));
    var before = drawn;
    drawn = ply;
    if (before === null || ply !== before + 1 || !motion.hasAttribute("data-path")) return;
    if (!moving() || !svg.animate) return;
    var to = motion.getAttribute("data-to");
    var stone = null;
    if (to === "G") {
      var tally = svg.querySelectorAll('[data-field="G"] .tally.' +
                                       motion.getAttribute("data-stone") + " .stone");
      stone = tally.length ? tally[tally.length - 1] : null;
    } else {
      stone = svg.querySelector('[data-field="' + to + '"] .stone.top');
    }
    if (!stone) return;
    var points = motion.getAttribute("data-path").split(" ").map(function (pair) {
      var xy = pair.split(",");
      return [Number(xy[0]), Number(xy[1])];
    });
    var bounce = Number(motion.getAttribute("data-bounce"));
    var box = stone.getBBox();
    var cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    var frames = [];
    var last = points.length - 1;
    for (var i = 0; i <= last; i++) {
      var at = "translate(" + points[i][0] + "px, " + points[i][1] + "px)";
      if (i === bounce) {  // the trampoline throws it up: larger for a moment
        at += " translate(" + cx + "px, " + cy + "px) scale(1.6) translate(" + -cx + "px, " +
              -cy + "px)";
      } else {
        at += " translate(0px, 0px) scale(1) translate(0px, 0px)";
      }
      frames.push({transform: at, offset: last ? i / last : 1});
    }
    var duration = Math.min(MOST_MS, 120 + 30 * last);
    // A copy travels over every field (the real stone sits under the fields drawn after it).
    var copy = stone.cloneNode(true);
    copy.removeAttribute("data-colour");
    copy.setAttribute("class", "travelling");
    copy.setAttribute("pointer-events", "none");
    copy.setAttribute("aria-hidden", "true");
    svg.appendChild(copy);
    var hide = stone.animate([{opacity: 0}, {opacity: 0}], {duration: duration});
    var go = copy.animate(frames, {duration: duration, easing: "ease-in-out"});
    hide.id = "lotus-wait";
    go.id = "lotus-travel";
    running += 2;
    document.body.setAttribute("data-animating", "travel");
    hide.onfinish = hide.oncancel = settled;
    go.onfinish = go.oncancel = function () {
      if (copy.parentNode) copy.parentNode.removeChild(copy);
      settled();
    };
  }

  function watch() {
    var board = document.querySelector("[data-board]");
    if (!board || !window.MutationObserver) return;
    travel(board);  // the board on screen now is the one the next is compared with
    new MutationObserver(function () { travel(board); }).observe(board, {childList: true});
  }

  // -- the View menu -----------------------------------------------------------------------------
  var SETTINGS = {
    notation: {key: "lotus.notation", read: function () {
      return root.getAttribute("data-notation") === "1";
    }, write: function (on) {
      if (on) root.setAttribute("data-notation", "1"); else root.removeAttribute("data-notation");
      store.set("lotus.notation", on ? "1" : "0");
    }},
    motion: {key: "lotus.motion", read: function () {
      return root.getAttribute("data-motion") !== "off";
    }, write: function (on) {
      if (on) root.removeAttribute("data-motion"); else root.setAttribute("data-motion", "off");
      store.set("lotus.motion", on ? "1" : "0");
    }},
  };
  function wireMenu() {
    var menu = document.querySelector("[data-view-menu]");
    if (!menu) return;
    Object.keys(SETTINGS).forEach(function (name) {
      var box = menu.querySelector('input[name="' + name + '"]');
      if (!box) return;
      box.checked = SETTINGS[name].read();
      box.addEventListener("change", function () { SETTINGS[name].write(box.checked); });
    });
    // It closes as a menu does: Escape (back to its button), or a click elsewhere.
    menu.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open) {
        menu.open = false;
        menu.querySelector("summary").focus();
        event.stopPropagation();
      }
    });
    document.addEventListener("click", function (event) {
      if (menu.open && !menu.contains(event.target)) menu.open = false;
    });
  }

  function start() {
    watch();
    wireMenu();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
