// The page's comforts, which need no Python and work from the first paint: the colour theme (the
// system's, or the one chosen with the header's toggle), the sounds of moves (made here with Web
// Audio; Python says which one a change deserves through window.lotusSound.play) and their mute
// toggle, the New game dialog's opening and closing, and the language switch. Choices are kept in
// localStorage under lotus.theme and lotus.mute (the language: static/js/language.js).
(function () {
  "use strict";
  var root = document.documentElement;
  function stored(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  function store(key, value) {
    try { localStorage.setItem(key, value); } catch (e) { /* private mode: not remembered */ }
  }

  // -- theme: html[data-theme] only when the player chose one; otherwise the system's --------------
  var theme = stored("lotus.theme");
  if (theme === "dark" || theme === "light") root.setAttribute("data-theme", theme);
  var systemDark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)");
  function isDark() {
    var chosen = root.getAttribute("data-theme");
    return chosen ? chosen === "dark" : !!(systemDark && systemDark.matches);
  }

  // -- sounds --------------------------------------------------------------------------------------
  var muted = stored("lotus.mute") === "1";
  var context = null;  // made on the first gesture: browsers keep audio silent before one
  function unlock() {
    if (context) {
      if (context.state === "suspended") context.resume();
      return;
    }
    var Audio = window.AudioContext || window.webkitAudioContext;
    if (Audio) context = new Audio();
  }
  document.addEventListener("pointerdown", unlock, true);
  document.addEventListener("keydown", unlock, true);

  function tone(start, frequency, length, volume, type) {
    var osc = context.createOscillator();
    var gain = context.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(frequency, start);
    osc.frequency.exponentialRampToValueAtTime(frequency * 0.7, start + length);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(gain).connect(context.destination);
    osc.start(start);
    osc.stop(start + length + 0.02);
  }
  // A move: one soft wooden knock. A capture: a knock and a lower second one, as stones turning.
  var SOUNDS = {
    move: [[0, 520, 0.09, 0.25, "triangle"]],
    capture: [[0, 520, 0.09, 0.25, "triangle"], [0.07, 330, 0.16, 0.3, "triangle"],
              [0.14, 250, 0.18, 0.2, "sine"]],
  };
  var log = [];  // what was asked for, for tests: {kind, played}
  function play(kind) {
    var notes = SOUNDS[kind];
    if (!notes) return false;
    var played = !muted && !!context && context.state === "running";
    log.push({kind: kind, played: played});
    if (log.length > 50) log.shift();
    if (!played) return false;
    var now = context.currentTime;
    for (var i = 0; i < notes.length; i++) {
      tone(now + notes[i][0], notes[i][1], notes[i][2], notes[i][3], notes[i][4]);
    }
    return true;
  }
  window.lotusSound = {play: play, log: log, muted: function () { return muted; }};

  // -- the header's toggles and the New game dialog ------------------------------------------------
  function showToggles() {
    var themeButton = document.querySelector('[data-action="theme"]');
    if (themeButton) themeButton.setAttribute("aria-pressed", isDark() ? "true" : "false");
    var muteButton = document.querySelector('[data-action="mute"]');
    if (muteButton) muteButton.setAttribute("aria-pressed", muted ? "true" : "false");
  }
  function openNewGame() {
    var dialog = document.querySelector("[data-newgame]");
    if (!dialog || dialog.open) return;
    var errors = dialog.querySelectorAll("[data-form-error]");
    for (var i = 0; i < errors.length; i++) {
      errors[i].textContent = "";
      errors[i].setAttribute("hidden", "");
    }
    dialog.showModal();
  }
  var LOCAL = {
    theme: function () {
      var next = isDark() ? "light" : "dark";
      root.setAttribute("data-theme", next);
      store("lotus.theme", next);
    },
    mute: function () {
      muted = !muted;
      store("lotus.mute", muted ? "1" : "0");
    },
    "new-dialog": openNewGame,
    // The welcome card's choices that need no Python (static/js/boot.js closes the card).
    "welcome-close": function () {},
    "welcome-local": function () {},
    "welcome-rules": function () {},
    "close-dialog": function () {
      var dialog = document.querySelector("[data-newgame]");
      if (dialog && dialog.open) dialog.close();
    },
  };
  window.lotusLocalActions = LOCAL;  // boot.js leaves these to this script, Python skips them
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-action]");
    if (!button || !LOCAL.hasOwnProperty(button.getAttribute("data-action"))) return;
    if (button.disabled) return;
    LOCAL[button.getAttribute("data-action")]();
    showToggles();
  });
  // -- the header's language switch: a link to the page in another language, which as it is
  // followed takes this address's query and fragment along (the game's options, a share link)
  // and asks for its language (?lang=, kept by static/js/language.js); the game is the saved one.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-language]");
    if (!link) return;
    var query = new URLSearchParams(location.search);
    query.set("lang", link.getAttribute("data-language"));
    link.setAttribute("href", link.getAttribute("href").split(/[?#]/)[0] + "?" + query +
                      location.hash);
  }, true);
  if (systemDark && systemDark.addEventListener) systemDark.addEventListener("change", showToggles);
  document.addEventListener("DOMContentLoaded", showToggles);
})();
