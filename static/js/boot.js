// Runs before Python: picks the game to show first, reports the runtime's progress, and queues
// the clicks made while Python loads (lotus/ui_bindings.py replays them in order once it starts).
(function () {
  "use strict";
  var body = document.body;
  var params = new URLSearchParams(location.search);
  var game = params.get("game");
  if (game !== "race" && game !== "go") {
    try { game = localStorage.getItem("lotus.current"); } catch (e) { game = null; }
  }
  if (game === "race" || game === "go") body.setAttribute("data-game", game);

  var queue = (window.lotusQueue = []);
  function say(text) {  // the status line comes later in the page than this script
    var status = document.querySelector("[data-status]");
    if (!status || body.getAttribute("data-ready") === "1") return;
    if (queue.length) {
      text += " (" + queue.length + " click" + (queue.length === 1 ? "" : "s") +
        " will be played when it is ready)";
    }
    status.textContent = text;
  }
  addEventListener("mpy:progress", function (event) {
    if (typeof event.detail === "string") say(event.detail + "…");
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
    say("Loading Python…");
  }, true);
})();
