// Runs first, before PyScript: a page whose Python runtime or config fails to load says so in
// words in [data-error] ("Lotus could not start: …"), instead of "Loading Python…" forever. It
// watches, until body[data-ready="1"]: the page's fetches (PyScript fetches its config, the
// runtime's WebAssembly, the config's [files] and the script), scripts that fail to load, errors
// and rejected promises nobody caught, and PyScript's own error box (a config it cannot read).
// It asks for nothing itself and costs nothing while the page loads normally. Its sentences are
// the page's, in the page's language: the hidden [data-words] element's [data-word="boot-…"].
(function () {
  "use strict";
  var failed = false;

  function ready() {
    return !!document.body && document.body.getAttribute("data-ready") === "1";
  }

  function fileName(url) {
    var path = String(url || "").split("#")[0].split("?")[0];
    return path.slice(path.lastIndexOf("/") + 1) || path;
  }

  // A sentence of the page's [data-words] by its name, its {placeholders} filled from `values`
  // ("" when the page has none).
  function word(name, values) {
    var all = document.querySelectorAll("[data-words] [data-word]");
    for (var i = 0; i < all.length; i++) {
      if (all[i].getAttribute("data-word") !== name) continue;
      return all[i].textContent.replace(/\{(\w+)\}/g, function (whole, key) {
        return values && values.hasOwnProperty(key) ? String(values[key]) : whole;
      });
    }
    return "";
  }

  function show(reason, file, details) {
    var body = document.body;
    body.setAttribute("data-boot-failed", "1");
    var error = document.querySelector("[data-error]");
    if (!error) {  // a rules page has no notice of its own
      error = document.createElement("p");
      error.className = "error";
      error.setAttribute("data-error", "");
      error.setAttribute("role", "alert");
      body.insertBefore(error, body.firstChild);
    }
    // The sentence, or where the page has none (a page without [data-words]) what failed.
    error.textContent = word("boot-" + reason, {file: file}) || details || file;
    error.setAttribute("data-boot-error", "");
    error.removeAttribute("hidden");
    var statuses = document.querySelectorAll("[data-status]");
    for (var i = 0; i < statuses.length; i++) {  // "Loading Python…", "Loading…"
      if (/…$/.test(statuses[i].textContent)) statuses[i].textContent = word("boot-failed");
    }
    addDetails(details);
    var boxes = document.querySelectorAll(".py-error");
    for (var j = 0; j < boxes.length; j++) tuckAway(boxes[j]);
  }

  // The technical text goes under the notice's details (index.html's), for whoever helps.
  function addDetails(more) {
    var text = document.querySelector("[data-error-text]");
    var box = document.querySelector("[data-error-details]");
    if (!text || !box || !more) return;
    text.textContent = (text.textContent ? text.textContent + "\n" : "") + more;
    box.removeAttribute("hidden");
  }

  // PyScript's own error box: hidden, its text in the details.
  function tuckAway(element) {
    if (element.hasAttribute("hidden")) return;
    addDetails(element.textContent);
    element.setAttribute("hidden", "");
  }

  // `reason`: missing, download, load, runtime or config (the page's word boot-<reason>);
  // `file`: the file that failed, if one did; `details`: the technical text, for the details.
  function fail(reason, file, details) {
    if (failed || ready()) return;
    failed = true;
    var shown = function () { show(reason, file, details); };
    // Shown once the page is parsed: its words come after this script.
    if (document.readyState !== "loading") shown();
    else document.addEventListener("DOMContentLoaded", shown);
  }

  // The page's own fetches before it is ready: PyScript's config, runtime, files and script.
  var fetch = window.fetch;
  if (fetch) {
    window.fetch = function (input) {
      var answer = fetch.apply(window, arguments);
      if (!failed && !ready()) {
        var url = typeof input === "string" ? input : (input && input.url) || String(input);
        answer.then(function (response) {
          if (!response.ok) {
            fail("missing", fileName(url), url + ": HTTP " + response.status);
          }
        }, function (reason) {
          fail("download", fileName(url), url + ": " + reason);
        });
      }
      return answer;
    };
  }

  // A script that fails to load (PyScript itself), and errors nobody caught (the runtime's).
  addEventListener("error", function (event) {
    var target = event.target;
    if (target && target.tagName === "SCRIPT") {
      fail("load", fileName(target.src), target.src);
    } else if (target === window || !target || !target.tagName) {
      fail("runtime", "", String(event.message || event.error));
    }
  }, true);
  addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    var text = String(reason && reason.message ? reason.message : reason);
    var module = /Failed to fetch dynamically imported module: (\S+)/.exec(text);
    if (module && module[1].indexOf(location.origin + "/") !== 0) {
      // PyScript falls back to a CDN's runtime (refused by the page's policy) when the config
      // it read names none of this site's
      fail("config", "", text);
    } else if (module) {
      fail("load", fileName(module[1]), text);
    } else {
      fail("runtime", "", text);
    }
  });

  // PyScript's error box, which it adds to the body when it cannot read a config; and the page
  // becoming ready after all (an error that did not stop it): its notice goes.
  function errorBox(element) {
    if (!element.classList || !element.classList.contains("py-error") || ready()) return;
    if (failed) tuckAway(element);  // said already: its text joins the details
    else fail("config", "", "");
  }

  function watchBody() {
    // Boxes added before this runs (a page whose script is in its head starts watching once the
    // body is parsed, and PyScript may have failed by then), then every box added later.
    var early = document.querySelectorAll(".py-error");
    for (var k = 0; k < early.length; k++) errorBox(early[k]);
    var observer = new MutationObserver(function (changes) {
      for (var i = 0; i < changes.length; i++) {
        var added = changes[i].addedNodes;
        for (var j = 0; j < added.length; j++) errorBox(added[j]);
      }
      if (ready()) {
        observer.disconnect();
        if (failed) recovered();
      }
    });
    observer.observe(document.body, {childList: true, attributes: true,
                                     attributeFilter: ["data-ready"]});
  }

  function recovered() {
    document.body.removeAttribute("data-boot-failed");
    var error = document.querySelector("[data-error]");
    if (error && error.hasAttribute("data-boot-error")) {
      error.textContent = "";
      error.removeAttribute("data-boot-error");
      error.setAttribute("hidden", "");
    }
  }
  if (document.body) watchBody();
  else document.addEventListener("DOMContentLoaded", watchBody);
})();
