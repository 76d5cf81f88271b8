// Runs first, in the head, before anything is painted: opens the page in the language the visitor
// expects, by loading the page of that language in its place (index.html, index.de.html...; the
// languages are the catalog's, window.lotusLanguages, written in by tools/predraw.py, the first
// the default). The html element's `lang` is the language of the page this is.
//
// The app (index.html): `?lang=de` in the address (a link, the header's language switch) first,
// kept in localStorage as `lotus.lang` and taken out of the address; else the language kept
// there; else the page's own when it is a translation (its address is a choice); else the
// browser's first preferred language (de, de-AT, de-CH... -> de; any other -> the default).
// An embed (html[data-language-from="fragment"]): `lang=` in its fragment only (the language of
// the page it was made on); nothing is kept, the host page's author chose.
// The query and the fragment go along (a share link, the game's options), and the game itself is
// the saved one: the new page opens it as a reload does.
(function () {
  "use strict";
  var root = document.documentElement;
  var languages = window.lotusLanguages || [];
  var here = root.lang;
  var KEY = "lotus.lang";

  function known(tag) {
    var primary = String(tag || "").toLowerCase().replace("_", "-").split("-")[0];
    return languages.indexOf(primary) >= 0 ? primary : null;
  }
  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function store(lang) {
    try { localStorage.setItem(KEY, lang); return true; } catch (e) { return false; }
  }
  function browser() {
    var preferred = navigator.languages && navigator.languages.length
      ? navigator.languages[0] : navigator.language;
    return known(preferred) || languages[0];
  }

  var wanted;
  var query = new URLSearchParams(location.search);
  if (root.getAttribute("data-language-from") === "fragment") {
    wanted = known(new URLSearchParams(location.hash.slice(1)).get("lang")) || here;
  } else {
    wanted = known(query.get("lang"));
    if (wanted && store(wanted)) {
      // Kept: the address no longer needs it (a reload, a bookmark follow the kept choice).
      query.delete("lang");
      var rest = query.toString();
      history.replaceState(history.state, "",
                           location.pathname + (rest ? "?" + rest : "") + location.hash);
    }
    wanted = wanted || known(stored()) || (here !== languages[0] ? here : browser());
  }
  if (!wanted || wanted === here) return;
  // The page of `wanted` beside this one: index.html <-> index.de.html <-> index.fr.html (a
  // folder: its index), whichever of the site's languages this page's name carries.
  var path = location.pathname;
  var folder = path.slice(0, path.lastIndexOf("/") + 1);
  var name = path.slice(folder.length) || "index.html";
  var base = name.replace(/\.html$/, "");
  var dot = base.lastIndexOf(".");
  if (dot >= 0 && languages.indexOf(base.slice(dot + 1)) > 0) base = base.slice(0, dot);
  var page = base + (wanted === languages[0] ? "" : "." + wanted) + ".html";
  // Nothing of this page is shown while the other one loads.
  root.style.display = "none";
  location.replace(folder + page + location.search + location.hash);
})();
