// Runs before Python: picks the game to show first, reports the runtime's progress, and queues
// the clicks made while Python loads (lotus/ui_bindings.py replays them in order once it starts).
(function () {
  "use strict";
  var body = document.body;

  // Storage for Python (lotus/dom/host.py's BrowserStorage): a JavaScript exception thrown by
  // localStorage (blocked: SecurityError; full: QuotaExceededError) must never reach Python,
  // whose `except` cannot catch it in this runtime. These return null / false instead.
  var store = (window.lotusStore = {
    get: function (key) {
      try { var v = window.localStorage.getItem(key); return v === null ? null : String(v); }
      catch (e) { return null; }
    },
    set: function (key, value) {
      try { window.localStorage.setItem(key, value); return true; } catch (e) { return false; }
    },
    remove: function (key) {
      try { window.localStorage.removeItem(key); return true; } catch (e) { return false; }
    },
    size: function (key) {  // the length of a stored text (-1: none), without reading it into Python
      try { var v = window.localStorage.getItem(key); return v === null ? -1 : v.length; }
      catch (e) { return -1; }
    },
    copy: function (from, to) {  // a stored text under another key, without reading it into Python
      try {
        var v = window.localStorage.getItem(from);
        if (v === null) return false;
        window.localStorage.setItem(to, v);
        return true;
      } catch (e) { return false; }
    },
    fill: function (key, selector) {  // a stored text into a text box (a save too large for Python)
      var box = document.querySelector(selector);
      var v = store.get(key);
      if (box && v !== null) box.value = v;
      return v !== null;
    },
    usable: function () {  // false when the browser refuses storage altogether
      try { window.localStorage.getItem("lotus.current"); return true; } catch (e) { return false; }
    }
  });

  // The game Python will open (lotus/page/app.py parse_query, lotus/page/controller.py start),
  // read by the same rules: `game` given (its first value if repeated) and unknown: the first
  // game; not given: the first game if the query has its options, else the game on screen last,
  // else the first game. The games are the registry's (window.lotusGames, tools/predraw.py).
  var games = window.lotusGames;
  var params = new URLSearchParams(location.search);
  var game = params.get("game");
  if (game === null) {
    var options = games.options.some(function (name) {
      return params.has(name);
    });
    game = options ? games.ids[0] : store.get("lotus.current");
  }
  if (games.ids.indexOf(game) < 0) game = games.ids[0];

  // A first visit (lotus/page/welcome.py decides the same in Python): no query, no fragment, no
  // game saved (an untouched new game does not count; a damaged list does). The welcome card is
  // shown over the board (body[data-first-visit]), unless an earlier visit chose on it: the
  // computer's game (a race) is then Python's to start, two players the page's plain board.
  var WELCOME = "lotus.welcome";
  function gameSaved() {
    for (var i = 0; i < games.ids.length; i++) {
      if (store.get("lotus.save." + games.ids[i]) !== null) return true;  // an older version's
    }
    var text = store.get("lotus.games");
    if (!text) return false;
    try {
      return JSON.parse(text).games.some(function (e) { return e.moves || e.result || e.broken; });
    } catch (e) {
      return true;
    }
  }
  var chosen = store.get(WELCOME);
  if (!location.search.replace("?", "") && !location.hash.replace("#", "") && !gameSaved()) {
    if (chosen === "computer") game = games.ids[0];  // the race (lotus/page/welcome.py)
    else if (chosen !== "local") body.setAttribute("data-first-visit", "");
  }
  body.setAttribute("data-game", game);
  // The card's choices close it at once (before Python too): two players and the rules are the
  // page's own (static/js/comforts.js leaves them be), the computer's game and the Live dialog
  // Python's (queued below until it is ready). Closing it (its ✕, Escape) keeps the two-player
  // board and is not remembered.
  function welcomed(choice) {
    if (choice === "rules" || !body.hasAttribute("data-first-visit")) return;  // back: the card
    body.removeAttribute("data-first-visit");
    if (choice === "computer" || choice === "local") store.set(WELCOME, choice);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('[data-action^="welcome-"]');
    if (button) welcomed(button.getAttribute("data-action").slice("welcome-".length));
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") welcomed("close");
  });
  // The card takes the keyboard's focus (its first choice) once it is in the page.
  document.addEventListener("DOMContentLoaded", function () {
    var first = body.hasAttribute("data-first-visit") &&
      document.querySelector("[data-welcome] [data-action=\"welcome-computer\"]");
    if (first) first.focus({preventScroll: true});
  });
  // A game opened otherwise (a share link pasted, the New game dialog) is shown without it.
  addEventListener("hashchange", function () { welcomed("link"); });
  document.addEventListener("submit", function () { welcomed("new"); }, true);
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest('[data-action="new"]')) welcomed("new");
  }, true);

  // The page's words (its hidden [data-words], in the page's language), by name; "" if none.
  function word(name, values) {
    var all = document.querySelectorAll("[data-words] [data-word]");
    for (var i = 0; i < all.length; i++) {
      if (all[i].getAttribute("data-word") !== name) continue;
      return all[i].textContent.replace(/\{(\w+)\}/g, function (whole, key) {
        return values.hasOwnProperty(key) ? String(values[key]) : whole;
      });
    }
    return "";
  }
  // The plural form of the page's language for `n` ("one", "other"...), as the page names its
  // forms (clicks-one, clicks-other); "other" when the page has no word for that form.
  function counted(name, n, values) {
    var form = "other";
    try { form = new Intl.PluralRules(document.documentElement.lang).select(n); } catch (e) {}
    values.n = n;
    return word(name + "-" + form, values) || word(name + "-other", values);
  }

  var queue = (window.lotusQueue = []);
  var progress = "";  // the runtime's last step, in the page's words
  function say() {  // the status line comes later in the page than this script
    var status = document.querySelector("[data-status]");
    if (!status || body.getAttribute("data-ready") === "1") return;
    if (body.hasAttribute("data-boot-failed")) return;  // static/js/watchdog.js said why
    var text = progress || word("loading");
    if (queue.length) text = counted("clicks", queue.length, {status: text});
    if (text) status.textContent = text;
  }
  // PyScript's steps ("Loading MicroPython", "Loading files"...) are the names of the page's
  // words for them; a step the page has no words for leaves the line as it is.
  addEventListener("mpy:progress", function (event) {
    var step = typeof event.detail === "string" ? word(event.detail, {}) : "";
    if (step) {
      progress = step;
      say();
    }
  });

  // Clicks before Python is ready: remember what was clicked, in order.
  var HOOKS = [["data-field", "field"], ["data-start", "start"], ["data-point", "point"],
               ["data-action", "action"], ["data-pick", "pick"]];
  document.addEventListener("click", function (event) {
    if (body.getAttribute("data-ready") === "1") return;
    var target = event.target.closest("[data-field],[data-start],[data-point],[data-action],[data-pick]");
    if (!target) return;
    // The theme, sound and dialog buttons work at once (static/js/comforts.js): not queued.
    var local = window.lotusLocalActions || {};
    if (local.hasOwnProperty(target.getAttribute("data-action"))) return;
    for (var i = 0; i < HOOKS.length; i++) {
      if (target.hasAttribute(HOOKS[i][0])) {
        queue.push({kind: HOOKS[i][1], value: target.getAttribute(HOOKS[i][0])});
        // The picker switches the pre-drawn board at once.
        if (HOOKS[i][1] === "pick") body.setAttribute("data-game", target.getAttribute("data-pick"));
        break;
      }
    }
    event.preventDefault();
    event.stopPropagation();
    say();
  }, true);
})();
