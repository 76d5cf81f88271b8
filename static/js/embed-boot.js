// Runs before Python in embed.html: shows the pre-drawn board of the game the fragment names
// (game=…, or the first letter of a position) and its theme, so the first paint is the right
// board. Python (lotus/ui_bindings.py, start_boards) then draws the position itself.
(function () {
  "use strict";
  var params = new URLSearchParams(location.hash.slice(1));
  var position = params.get("position") || "";
  var games = window.lotusGames;  // the registry's games (tools/predraw.py writes them in)
  var game = params.get("game") || games.positions[position.charAt(0)];
  if (games.ids.indexOf(game) < 0) game = games.ids[0];
  document.body.setAttribute("data-game", game);
  if (params.get("theme") === "dark") document.body.setAttribute("data-theme", "dark");
  var size = parseInt(params.get("size"), 10);
  if (size >= 160 && size <= 1200) document.body.style.setProperty("--embed-size", size + "px");
})();
