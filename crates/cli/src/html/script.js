// jvmc report: fold or unfold every detail; click a thread's header to highlight its
// column. `#expand` at the end of the address opens every detail at load. The page
// reads fine without this script.
(function () {
  "use strict";
  function all(selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); }
  function setOpen(open) { all("details").forEach(function (d) { d.open = open; }); }
  document.getElementById("expand-all").addEventListener("click", function () { setOpen(true); });
  document.getElementById("fold-all").addEventListener("click", function () { setOpen(false); });
  all("table.trace").forEach(function (table) {
    table.querySelectorAll("th.thread").forEach(function (th) {
      th.addEventListener("click", function () {
        var col = th.getAttribute("data-col");
        var on = !th.classList.contains("hl");
        table.querySelectorAll("[data-col]").forEach(function (cell) {
          cell.classList.toggle("hl", on && cell.getAttribute("data-col") === col);
        });
      });
    });
  });
  var tables = all("table.trace");
  var steps = tables.reduce(function (n, t) { return n + t.tBodies[0].querySelectorAll("td.op").length; }, 0);
  var summary = document.getElementById("trace-summary");
  if (tables.length > 0) {
    summary.textContent = tables.length + (tables.length === 1 ? " counterexample, " : " counterexamples, ") + steps + " transitions";
  }
  if (window.location.hash === "#expand") { setOpen(true); }
  document.documentElement.setAttribute("data-rendered", "yes");
})();
