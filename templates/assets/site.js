// wikirules site script: theme toggle, search, keyboard shortcuts. It
// works from file:// as well as from any static host: the search index is
// a script (search-index.js) rather than JSON fetched at run time.
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";

  // Theme: the system setting unless the reader chose one.
  var toggle = document.querySelector(".theme-toggle");
  function currentTheme() {
    var t = document.documentElement.dataset.theme;
    if (t) return t;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  if (toggle) {
    toggle.setAttribute("aria-pressed", currentTheme() === "dark" ? "true" : "false");
    toggle.addEventListener("click", function () {
      var next = currentTheme() === "dark" ? "light" : "dark";
      document.documentElement.dataset.theme = next;
      toggle.setAttribute("aria-pressed", next === "dark" ? "true" : "false");
      try { localStorage.setItem("wikirules-theme", next); } catch (e) {}
    });
  }

  // A link to something inside a closed <details> (a line of the
  // wikitext, a diff) opens it.
  function openTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var el = id && document.getElementById(id);
    if (!el) return;
    for (var d = el.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
    if (el.tagName === "DETAILS") el.open = true;
    el.scrollIntoView();
  }
  openTarget();
  window.addEventListener("hashchange", openTarget);

  // Search index, loaded once, on first use.
  var index = null, waiting = [];
  function withIndex(fn) {
    if (index) { fn(index); return; }
    waiting.push(fn);
    if (waiting.length > 1) return;
    var s = document.createElement("script");
    s.src = root + "search-index.js";
    s.onload = function () {
      index = prepare(window.WIKIRULES_SEARCH || { docs: [] });
      var w = waiting; waiting = [];
      w.forEach(function (f) { f(index); });
    };
    s.onerror = function () { waiting = []; };
    document.head.appendChild(s);
  }
  function fold(s) {
    return s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  function prepare(data) {
    return data.docs.map(function (d) {
      return { title: d[0], url: d[1], kind: d[2], snippet: d[3], t: " " + fold(d[0]), h: " " + fold(d[4] || ""), w: " " + (d[5] || "") };
    });
  }
  function terms(q) {
    return fold(q).split(/[^\p{L}\p{N}]+/u).filter(function (t) { return t.length > 0; });
  }
  function search(idx, q, limit) {
    var ts = terms(q);
    if (!ts.length) return [];
    var out = [];
    for (var i = 0; i < idx.length; i++) {
      var d = idx[i], score = 0, ok = true;
      for (var j = 0; j < ts.length && ok; j++) {
        var t = ts[j], s = 0;
        if (d.t.indexOf(" " + t) >= 0) s += 10; else if (d.t.indexOf(t) >= 0) s += 6;
        if (d.h.indexOf(" " + t) >= 0) s += 4;
        if (d.w.indexOf(" " + t) >= 0) s += 1;
        if (s === 0) ok = false; else score += s;
      }
      if (ok) out.push({ d: d, s: score });
    }
    out.sort(function (a, b) { return b.s - a.s || (a.d.title < b.d.title ? -1 : a.d.title > b.d.title ? 1 : 0); });
    return out.slice(0, limit).map(function (r) { return r.d; });
  }
  function item(d, tag) {
    var li = document.createElement(tag || "li");
    var a = document.createElement("a");
    a.href = root + d.url;
    a.textContent = d.title;
    var k = document.createElement("span");
    k.className = "kind";
    k.textContent = d.kind;
    a.appendChild(k);
    if (d.snippet) {
      var sn = document.createElement("span");
      sn.className = "snippet";
      sn.textContent = d.snippet;
      a.appendChild(sn);
    }
    li.appendChild(a);
    return li;
  }

  // The search box in the top bar: results as you type, arrow keys to
  // move, Enter to open, Escape to close.
  var input = document.getElementById("wr-search-input");
  var list = document.getElementById("wr-search-results");
  var selected = -1;
  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    selected = -1;
  }
  function select(i) {
    var items = list.querySelectorAll("li");
    if (!items.length) return;
    selected = (i + items.length) % items.length;
    items.forEach(function (li, j) {
      li.setAttribute("aria-selected", j === selected ? "true" : "false");
      if (j === selected) { li.scrollIntoView({ block: "nearest" }); input.setAttribute("aria-activedescendant", li.id); }
    });
  }
  if (input && list) {
    input.addEventListener("focus", function () { withIndex(function () {}); });
    input.addEventListener("input", function () {
      var q = input.value;
      withIndex(function (idx) {
        if (q !== input.value) return;
        list.textContent = "";
        var res = search(idx, q, 10);
        res.forEach(function (d, i) {
          var li = item(d);
          li.id = "wr-search-result-" + i;
          li.setAttribute("role", "option");
          list.appendChild(li);
        });
        if (!res.length && q.trim()) {
          var li = document.createElement("li");
          li.className = "empty";
          li.textContent = "No results";
          list.appendChild(li);
        }
        list.hidden = !q.trim();
        input.setAttribute("aria-expanded", list.hidden ? "false" : "true");
        selected = -1;
      });
    });
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown") { e.preventDefault(); select(selected + 1); }
      else if (e.key === "ArrowUp") { e.preventDefault(); select(selected - 1); }
      else if (e.key === "Escape") { close(); input.blur(); }
      else if (e.key === "Enter" && selected >= 0) {
        var a = list.querySelectorAll("li a")[selected];
        if (a) { e.preventDefault(); window.location.href = a.href; }
      }
    });
    // Enter on a selected result opens it rather than the search page
    // (some browsers submit the form on the key press that follows).
    if (input.form) {
      input.form.addEventListener("submit", function (e) {
        var a = selected >= 0 ? list.querySelectorAll("li a")[selected] : null;
        if (a) { e.preventDefault(); window.location.href = a.href; }
      });
    }
    document.addEventListener("click", function (e) {
      if (!list.contains(e.target) && e.target !== input) close();
    });
  }
  document.addEventListener("keydown", function (e) {
    var tag = (e.target && e.target.tagName) || "";
    if (e.key === "/" && tag !== "INPUT" && tag !== "TEXTAREA" && input) {
      e.preventDefault();
      input.focus();
    }
  });

  // The search page: results for ?q=.
  var page = document.getElementById("wr-search-page-results");
  if (page) {
    var q = new URLSearchParams(window.location.search).get("q") || "";
    var box = document.getElementById("wr-search-page-input");
    var status = document.getElementById("wr-search-status");
    if (box) box.value = q;
    if (q.trim()) {
      status.textContent = "Searching…";
      withIndex(function (idx) {
        var res = search(idx, q, 100);
        res.forEach(function (d) { page.appendChild(item(d)); });
        status.textContent = res.length ? res.length + (res.length === 1 ? " result" : " results") + " for “" + q + "”" : "No results for “" + q + "”";
      });
    }
  }
})();
