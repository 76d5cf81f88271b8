// Runs before Python in embed.html: shows the pre-drawn board of the game the fragment names
// (game=go, or a position starting with "g") and its theme, so the first paint is the right
// board. Python (lotus/ui_bindings.py, start_boards) then draws the position itself.
(function () {
  "use strict";
  var params = new URLSearchParams(location.hash.slice(1));
  var position = params.get("position") || "";
  var game = params.get("game") || (position.charAt(0) === "g" ? "go" : "race");
  document.body.setAttribute("data-game", game === "go" ? "go" : "race");
  if (params.get("theme") === "dark") document.body.setAttribute("data-theme", "dark");
  var size = parseInt(params.get("size"), 10);
  if (size >= 160 && size <= 1200) document.body.style.setProperty("--embed-size", size + "px");
})();
