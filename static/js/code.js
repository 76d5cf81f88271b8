// The page's code bundles (tools/bundle.py) written into the Python runtime's file system, for
// lotus/dom/code.py, in one call: each bundle fetched (the answer of its preload), decompressed
// by the browser as it arrives, and each of its files written where PyScript writes a config's
// [files]. Done here rather than in Python, where each file cost two calls across the bridge
// (about 15 ms of the page's start on a desktop, four times that on a phone).
(function () {
  "use strict";

  // Make the folders of `target` ("./lotus/game/x.mpy") that are missing.
  function folders(files, target, made) {
    var parts = target.split("/");
    for (var i = 1; i < parts.length; i++) {
      var folder = parts.slice(0, i).join("/");
      if (!folder || folder === "." || made[folder]) continue;
      made[folder] = true;
      try { files.mkdir(folder); } catch (e) { /* it exists */ }
    }
  }

  // Fetch the bundle at `url` (gzip data of a JSON header line [[target, size], ...] and then
  // the files' bytes) and write its files through `files` (the runtime's file system, Emscripten's
  // FS); resolves to the number of files written.
  function unpack(url, files) {
    if (!window.DecompressionStream) {  // browsers since 2023 have it
      return Promise.reject(new Error(url + ": this browser cannot decompress it (DecompressionStream)"));
    }
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": HTTP " + response.status);
      var body = response.body.pipeThrough(new DecompressionStream("gzip"));
      return new Response(body).arrayBuffer();
    }).then(function (buffer) {
      var data = new Uint8Array(buffer);
      var end = data.indexOf(10);
      var header = JSON.parse(new TextDecoder().decode(data.subarray(0, end)));
      var at = end + 1;
      var made = {};
      for (var i = 0; i < header.length; i++) {
        var target = header[i][0];
        var size = header[i][1];
        folders(files, target, made);
        files.writeFile(target, data.subarray(at, at + size));
        at += size;
      }
      return header.length;
    });
  }

  window.lotusCode = {unpack: unpack};
})();
