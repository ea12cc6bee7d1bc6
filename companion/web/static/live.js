// The live scoreboard: when the server says a round was saved, fetch the live section again.
// EventSource reconnects by itself (the server asks for a retry after 1 s); on reconnecting
// the server says what it holds at once, so a page that missed a save catches up. A stream the
// server refused (all its live places taken) is asked for again every 10 s.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var status = document.getElementById("status");
  if (!live || !window.EventSource) { return; }
  var shown = live.getAttribute("data-revision");
  var wanted = shown;
  var fetching = false;

  function say(text, on) {
    if (status) { status.textContent = text; status.className = on ? "status on" : "status off"; }
  }

  function refresh() {
    if (fetching || wanted === shown) { return; }
    fetching = true;
    var asked = wanted;
    fetch("/live", { cache: "no-store" }).then(function (response) {
      return response.text();
    }).then(function (html) {
      live.innerHTML = html;
      shown = asked;
      live.setAttribute("data-revision", shown);
    }).catch(function () {
      say("reconnecting…", false);
    }).then(function () {
      fetching = false;
      refresh();
    });
  }

  // A refused stream (the server's 503 when every live place is taken) is closed for good
  // by the browser: ask again after a while, and show the page as it stands meanwhile.
  var AGAIN_MS = 10000;
  var refusals = 0;

  function listen() {
    var source = new EventSource("/events");
    source.addEventListener("open", function () { say("live", true); });
    source.addEventListener("error", function () {
      say("reconnecting…", false);
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        refusals += 1;   // whatever the page holds, fetch it anew at each refusal
        wanted = "again " + refusals;
        refresh();
        window.setTimeout(listen, AGAIN_MS);
      }
    });
    source.addEventListener("save", function (event) {
      say("live", true);
      wanted = String(JSON.parse(event.data).revision);
      refresh();
    });
  }
  listen();
}());
