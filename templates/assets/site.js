// wikirules site script: theme toggle, anchors below the header, copy
// buttons, readable wiki colours in the dark theme, and the search. It works
// from file:// as well as from any static host: the search index is a
// script (search-index.js) rather than JSON fetched at run time.
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";
  var doc = document.documentElement;

  // Theme: the system setting unless the reader chose one.
  var toggle = document.querySelector(".theme-toggle");
  function currentTheme() {
    var t = doc.dataset.theme;
    if (t) return t;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  if (toggle) {
    toggle.setAttribute("aria-pressed", currentTheme() === "dark" ? "true" : "false");
    toggle.addEventListener("click", function () {
      var next = currentTheme() === "dark" ? "light" : "dark";
      doc.dataset.theme = next;
      toggle.setAttribute("aria-pressed", next === "dark" ? "true" : "false");
      try { localStorage.setItem("wikirules-theme", next); } catch (e) {}
    });
  }

  // The header's height, for the CSS that keeps anchors below it
  // (scroll-padding-top); 0 where it does not stay on screen.
  var topbar = document.querySelector(".topbar");
  function measureHeader() {
    var h = topbar && getComputedStyle(topbar).position === "sticky" ? topbar.getBoundingClientRect().height : 0;
    doc.style.setProperty("--wr-header-h", Math.ceil(h) + "px");
  }
  measureHeader();
  window.addEventListener("resize", measureHeader);

  // A link to something inside a closed <details> (a line of the
  // wikitext, a diff) opens it; the target is marked so the eye finds it.
  var marked = null;
  // The element the URL's fragment names, found as the browser finds it
  // (HTML's "find a potential indicated element"): the fragment as written
  // first, then percent-decoded. So "#100%25" is a heading "100%25" when
  // there is one, else "100%"; "#100%" is "100%" (decodeURIComponent
  // throws on it).
  function hashTarget() {
    var frag = window.location.hash.slice(1);
    if (!frag) return null;
    return document.getElementById(frag) || document.getElementById(percentDecode(frag));
  }
  // The URL standard's percent-decode, then UTF-8 decode without BOM: a
  // "%" not before two hex digits stays, bytes that are no UTF-8 become
  // U+FFFD (decodeURIComponent throws on both).
  function percentDecode(s) {
    if (s.indexOf("%") < 0) return s;
    var b = new TextEncoder().encode(s), out = new Uint8Array(b.length), n = 0;
    for (var i = 0; i < b.length; i++) {
      var hi = i + 2 < b.length ? hexValue(b[i + 1]) : -1, lo = hi >= 0 ? hexValue(b[i + 2]) : -1;
      if (b[i] === 37 && lo >= 0) {
        out[n++] = hi * 16 + lo;
        i += 2;
      } else {
        out[n++] = b[i];
      }
    }
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(out.subarray(0, n));
  }
  function hexValue(c) {
    if (c >= 48 && c <= 57) return c - 48; // 0-9
    if (c >= 65 && c <= 70) return c - 55; // A-F
    if (c >= 97 && c <= 102) return c - 87; // a-f
    return -1;
  }
  function openTarget() {
    var el = hashTarget();
    if (!el) return;
    for (var d = el.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
    if (el.tagName === "DETAILS") el.open = true;
    if (marked) marked.classList.remove("wr-target");
    el.classList.remove("wr-target");
    void el.offsetWidth; // restart the highlight
    el.classList.add("wr-target");
    marked = el;
    // The browser may have scrolled before the details opened: scroll
    // now that the target is laid out (scroll-padding-top keeps it below
    // the header).
    el.scrollIntoView({ block: "start" });
  }
  openTarget();
  window.addEventListener("hashchange", openTarget);

  // Wiki colours: a cell or box with an inline light background keeps
  // dark text in the dark theme; an inline dark text colour is lightened
  // there (the CSS does both, on the classes set here).
  function luminance(c) {
    var m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(c);
    if (!m || m[4] === "0") return -1;
    var v = [m[1], m[2], m[3]].map(function (x) {
      x = x / 255;
      return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
  }
  document.querySelectorAll(".wiki-body [style]").forEach(function (el) {
    var st = el.style;
    if (st.background || st.backgroundColor) {
      var l = luminance(st.backgroundColor || "");
      if (l > 0.4) el.classList.add("wr-on-light");
    }
    if (st.color) {
      var c = luminance(st.color);
      if (c >= 0 && c < 0.2) el.classList.add("wr-dark-text");
    }
  });

  // Copy buttons on YAML and wikitext blocks (line numbers left out).
  function copyText(text, button) {
    function done(ok) {
      button.textContent = ok ? "Copied" : "Copy failed";
      setTimeout(function () { button.textContent = "Copy"; }, 1500);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () { fallback(); });
    } else {
      fallback();
    }
    function fallback() {
      var ta = document.createElement("textarea");
      ta.value = text;
      ta.setAttribute("readonly", "");
      ta.style.position = "fixed";
      ta.style.opacity = "0";
      document.body.appendChild(ta);
      ta.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) {}
      document.body.removeChild(ta);
      done(ok);
    }
  }
  document.querySelectorAll("details.yaml pre, pre.wikitext").forEach(function (pre) {
    var box = pre.closest(".code-block, details.yaml") || pre.parentElement;
    var b = document.createElement("button");
    b.type = "button";
    b.className = "copy-button";
    b.textContent = "Copy";
    b.setAttribute("aria-label", pre.classList.contains("wikitext") ? "Copy the wikitext" : "Copy the YAML");
    b.addEventListener("click", function (e) {
      e.preventDefault();
      var clone = pre.cloneNode(true);
      clone.querySelectorAll(".ln").forEach(function (n) { n.remove(); });
      copyText(clone.textContent.replace(/\n$/, ""), b);
    });
    box.insertBefore(b, box.firstChild && box.tagName === "DETAILS" ? box.firstChild.nextSibling : box.firstChild);
  });

  // Comparisons with the current revision (history pages): drawn when
  // opened, side by side as the other diffs, from the lines the old
  // revision has (data-ops, see compareOps in site/unit.go) and the
  // current wikitext the page holds.
  var currentLines = null;
  function current() {
    if (!currentLines) {
      currentLines = Array.prototype.map.call(document.querySelectorAll("#wikitext .line"), function (l) {
        var t = "";
        l.childNodes.forEach(function (n) { if (!(n.nodeType === 1 && n.classList.contains("ln"))) t += n.textContent; });
        return t.replace(/\n$/, "");
      });
    }
    return currentLines;
  }
  function cell(tr, cls, text) {
    var td = document.createElement("td");
    td.className = cls;
    if (text !== undefined) td.textContent = text;
    tr.appendChild(td);
    return td;
  }
  function side(tr, no, text, kind, sign) {
    if (no === null) { cell(tr, "ln empty"); cell(tr, "code empty"); return; }
    cell(tr, "ln", String(no));
    var td = cell(tr, "code" + (kind ? " " + kind : ""));
    var sp = document.createElement("span");
    sp.className = "sign";
    sp.setAttribute("aria-hidden", "true");
    sp.textContent = sign;
    td.appendChild(sp);
    td.appendChild(document.createTextNode(text));
  }
  function drawCompare(box) {
    if (box.dataset.drawn) return;
    box.dataset.drawn = "1";
    var ops = JSON.parse(box.getAttribute("data-ops") || "[]"), cur = current();
    // Every line, in order: equal, removed (old only), added (new only).
    var rows = [], o = 1, n = 1;
    function eq(k) { for (var i = 0; i < k; i++, o++, n++) rows.push({ k: "ctx", o: o, n: n, t: cur[n - 1] }); }
    ops.forEach(function (op) {
      if (typeof op === "number" && op > 0) eq(op);
      else if (typeof op === "number") { for (var i = 0; i < -op; i++, n++) rows.push({ k: "ins", o: o, n: n, t: cur[n - 1] }); }
      else op.forEach(function (t) { rows.push({ k: "del", o: o++, n: n, t: t }); });
    });
    eq(cur.length - n + 1);
    // Context: two lines around each change.
    var keep = rows.map(function () { return false; });
    rows.forEach(function (r, i) {
      if (r.k !== "ctx") for (var j = Math.max(0, i - 2); j <= Math.min(rows.length - 1, i + 2); j++) keep[j] = true;
    });
    var table = document.createElement("table");
    table.className = "diff-text sbs";
    var cg = document.createElement("colgroup");
    ["ln", "code", "ln", "code"].forEach(function (c) { var col = document.createElement("col"); col.className = c; cg.appendChild(col); });
    table.appendChild(cg);
    var tb = document.createElement("tbody");
    table.appendChild(tb);
    var skipped = true;
    for (var i = 0; i < rows.length; i++) {
      if (!keep[i]) { skipped = true; continue; }
      var r = rows[i];
      if (skipped) {
        var h = document.createElement("tr");
        h.className = "hunk";
        var td = cell(h, "", "Line " + r.o + " → line " + r.n);
        td.colSpan = 4;
        tb.appendChild(h);
        skipped = false;
      }
      var tr = document.createElement("tr");
      if (r.k === "ctx") {
        tr.className = "ctx";
        side(tr, r.o, r.t, "", " ");
        side(tr, r.n, r.t, "", " ");
        tb.appendChild(tr);
        continue;
      }
      // A run of removed lines and the run of added lines after it, row
      // by row.
      var dels = [], inss = [];
      while (i < rows.length && rows[i].k === "del") dels.push(rows[i++]);
      while (i < rows.length && rows[i].k === "ins") inss.push(rows[i++]);
      i--;
      for (var k = 0; k < Math.max(dels.length, inss.length); k++) {
        tr = document.createElement("tr");
        tr.className = k >= dels.length ? "add" : k >= inss.length ? "rem" : "chg";
        if (k < dels.length) side(tr, dels[k].o, dels[k].t, "del", "−"); else side(tr, null);
        if (k < inss.length) side(tr, inss[k].n, inss[k].t, "ins", "+"); else side(tr, null);
        tb.appendChild(tr);
      }
    }
    var body = box.querySelector(".diff-sbs");
    body.textContent = "";
    body.appendChild(table);
  }
  document.querySelectorAll("details.compare-box").forEach(function (box) {
    box.addEventListener("toggle", function () { if (box.open) drawCompare(box); });
    if (box.open) drawCompare(box);
  });

  // Old revisions (history pages): each is a list of parts (data-parts),
  // each part a <template> shared by every revision that has it, put
  // together when opened. The revision's ids and same-page links get its
  // anchor before them, so revisions do not clash.
  function showRevision(box) {
    if (box.dataset.drawn) return;
    box.dataset.drawn = "1";
    var body = box.querySelector(".wiki-body"), sec = box.closest("section.revision");
    var prefix = (sec ? sec.id : "rev") + "-";
    body.textContent = "";
    (box.getAttribute("data-parts") || "").split(" ").forEach(function (k) {
      var t = document.getElementById("wr-part-" + k);
      if (t) body.appendChild(t.content.cloneNode(true));
    });
    body.querySelectorAll("[id]").forEach(function (e) { e.id = prefix + e.id; });
    body.querySelectorAll('a[href^="#"]').forEach(function (a) {
      a.setAttribute("href", "#" + prefix + a.getAttribute("href").slice(1));
    });
  }
  document.querySelectorAll("details.revision-view").forEach(function (box) {
    box.addEventListener("toggle", function () { if (box.open) showRevision(box); });
    if (box.open) showRevision(box);
  });

  // ---- Search ----
  // The index (see site/search.go): search-index.js holds the pages'
  // names, the number of docs and the keys of the parts of words; a query
  // loads the parts of words of its words' first letters, then the parts
  // of docs [title, page number, url, kind, text] of the docs it found.
  var index = null, waiting = [];
  function loadScript(src, done) {
    var s = document.createElement("script");
    s.src = src;
    s.onload = function () { done(true); };
    s.onerror = function () { done(false); };
    document.head.appendChild(s);
  }
  function withIndex(fn) {
    if (index) { fn(index); return; }
    waiting.push(fn);
    if (waiting.length > 1) return;
    loadScript(root + "search-index.js", function (ok) {
      if (!ok) { waiting = []; return; }
      index = prepare(window.WIKIRULES_SEARCH || { pages: [], docs: 0, part: 1, words: "" });
      var w = waiting; waiting = [];
      w.forEach(function (f) { f(index); });
    });
  }
  // withParts loads the parts of the index named (those not loaded yet),
  // adds them to idx, then calls fn.
  function withParts(idx, names, fn) {
    // A part still loading (for a query typed before this one) is waited
    // for, not taken as loaded.
    var todo = names.filter(function (n) { return !(idx.parts[n] && idx.parts[n].done); });
    if (!todo.length) { fn(); return; }
    var left = todo.length;
    todo.forEach(function (n) {
      var p = idx.parts[n] || (idx.parts[n] = { done: false, waiting: [] });
      p.waiting.push(function () { if (--left === 0) fn(); });
      if (p.waiting.length > 1) return;
      loadScript(root + "search/" + n + ".js", function () {
        var all = window.WIKIRULES_SEARCH_PARTS || {}, data = all[n];
        delete all[n];
        if (data) addPart(idx, n, data);
        p.done = true;
        var w = p.waiting; p.waiting = [];
        w.forEach(function (f) { f(); });
      });
    });
  }
  function addPart(idx, n, data) {
    if (n.indexOf("docs-") === 0) {
      var base = parseInt(n.slice(5), 10) * idx.part;
      data.forEach(function (d, i) {
        idx.docs[base + i] = { title: d[0], page: d[1] >= 0 ? idx.pages[d[1]] : "", url: d[2], kind: d[3], text: d[4] || "", tt: null };
      });
      return;
    }
    var words = data.words ? data.words.split(" ") : [];
    var posts = data.postings ? data.postings.split(" ") : [];
    words.forEach(function (w, i) { idx.words.push(fold(w)); idx.postings.push(posts[i]); });
  }
  function fold(s) {
    return s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  var wordRe = /[\p{L}\p{N}][\p{L}\p{N}\p{Mn}]*/gu;
  function tokens(s) {
    return fold(s).match(wordRe) || [];
  }
  function prepare(data) {
    return {
      pages: data.pages || [],
      part: data.part || 1,
      keys: data.words ? data.words.split(" ") : [],
      docs: [],
      words: [],
      postings: [],
      parts: {},
      cache: {}
    };
  }
  // wordParts are the parts of words a query needs: a word matches only
  // words that begin with its first letter, which the words of "_" may
  // too once accents are folded.
  function wordParts(idx, q) {
    var want = {};
    tokens(q).forEach(function (t) {
      var c = t.charAt(0);
      want[/[a-z0-9]/.test(c) ? c : "_"] = true;
      want._ = true;
    });
    return idx.keys.filter(function (k) { return want[k]; }).map(function (k) { return "words-" + k; });
  }
  // runSearch loads what a query needs and calls fn with its results.
  function runSearch(q, limit, fn) {
    withIndex(function (idx) {
      withParts(idx, wordParts(idx, q), function () {
        var m = match(idx, q), need = {};
        Object.keys(m.scores).forEach(function (d) { need["docs-" + Math.floor(d / idx.part)] = true; });
        withParts(idx, Object.keys(need), function () { fn(rank(idx, m, limit)); });
      });
    });
  }
  function postingsOf(idx, i) {
    var c = idx.cache[i];
    if (c) return c;
    var out = [], id = 0;
    idx.postings[i].split(",").forEach(function (p) { id += parseInt(p, 36); out.push(id); });
    idx.cache[i] = out;
    return out;
  }
  // stem strips common English endings, so that a word and its plural or
  // other forms share a beginning: "royalty", "royalties" → "royalt";
  // "scoring", "scores" → "scor".
  function stem(w) {
    if (w.length < 5) return w.replace(/s$/, "").length >= 3 ? w.replace(/s$/, "") : w;
    var s = w.replace(/(ational|ization|fulness|iveness|ments?|ingly|edly|ings?|ies|ied|ers?|es|ed|ly|s|y|e)$/, "");
    return s.length >= 4 ? s : w.slice(0, 4);
  }
  // distance is the edit distance between a and b (insertions, deletions,
  // substitutions, transpositions), or max+1 when it is more than max.
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var prev2 = null, prev = [], cur;
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      cur = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur.push(v);
        if (v < best) best = v;
      }
      if (best > max) return max + 1;
      prev2 = prev; prev = cur;
    }
    return prev[b.length];
  }
  // expand finds the vocabulary's words a query word matches, each with a
  // weight: the word itself (1), words with its stem or beginning with it
  // (.8; the last word of a query is read as a beginning), and words one
  // edit away, two for long words (.5).
  function expand(idx, t, last) {
    var st = stem(t), max = t.length >= 8 ? 2 : t.length >= 4 ? 1 : 0;
    var out = {};
    for (var i = 0; i < idx.words.length; i++) {
      var w = idx.words[i], wt = 0;
      if (w === t) wt = 1;
      else if ((last && w.indexOf(t) === 0) || (w.indexOf(st) === 0 && w.length - st.length <= 6 && st.length >= 3)) wt = 0.8;
      else if (max && Math.abs(w.length - t.length) <= max && w[0] === t[0] && distance(t, w, max) <= max) wt = 0.5;
      else if (max && st.length >= 5 && w.length >= st.length && distance(st, w.slice(0, st.length), 1) <= 1 && w[0] === st[0]) wt = 0.4;
      if (wt) out[i] = wt;
    }
    return out;
  }
  // match finds the docs that have every word of q, with their scores
  // from the words; rank orders them.
  function match(idx, q) {
    var ts = tokens(q);
    if (!ts.length) return { scores: {}, matched: [] };
    var scores = null, matched = [];
    ts.forEach(function (t, k) {
      var ex = expand(idx, t, k === ts.length - 1 && !/\s$/.test(q));
      var per = {}, forms = {};
      Object.keys(ex).forEach(function (wi) {
        var w = idx.words[wi];
        forms[w] = ex[wi];
        postingsOf(idx, wi).forEach(function (d) {
          if (!per[d] || per[d] < ex[wi]) per[d] = ex[wi];
        });
      });
      matched.push(forms);
      if (scores === null) {
        scores = per;
      } else {
        var next = {};
        Object.keys(scores).forEach(function (d) { if (per[d]) next[d] = scores[d] + per[d]; });
        scores = next;
      }
    });
    return { scores: scores, matched: matched };
  }
  function rank(idx, m, limit) {
    var scores = m.scores, matched = m.matched;
    if (!matched.length) return { results: [], forms: {} };
    var out = [];
    Object.keys(scores).forEach(function (d) {
      var doc = idx.docs[d];
      if (!doc) return; // a part that did not load
      if (doc.tt === null) doc.tt = tokens(doc.title);
      if (doc.xt === undefined) doc.xt = tokens(doc.text);
      var s = scores[d];
      // Words of the title weigh most: a section named after the query
      // comes before the sections that mention it, a short title before a
      // long one ("Using Wasabi" before "Nigiri and Wasabi"); then how
      // often the text says them.
      var norm = 4 / Math.sqrt(Math.max(1, doc.tt.length));
      matched.forEach(function (forms) {
        var best = 0, tf = 0;
        doc.tt.forEach(function (w) { if (forms[w] && forms[w] > best) best = forms[w]; });
        doc.xt.forEach(function (w) { if (forms[w]) tf++; });
        s += best * norm + Math.min(tf, 10) * 0.05;
      });
      if (!doc.page) s += 0.5; // a page's lead before its sections
      out.push({ d: doc, s: s });
    });
    out.sort(function (a, b) { return b.s - a.s || (a.d.url < b.d.url ? -1 : a.d.url > b.d.url ? 1 : 0); });
    var forms = {};
    matched.forEach(function (f) { Object.keys(f).forEach(function (w) { forms[w] = true; }); });
    return { results: out.slice(0, limit).map(function (r) { return r.d; }), forms: forms };
  }
  // highlight appends text to el with the words of forms marked, cut to a
  // window around the first of them.
  function snippet(el, text, forms, width) {
    var re = /[\p{L}\p{N}][\p{L}\p{N}\p{Mn}]*/gu, m, first = -1, spans = [];
    while ((m = re.exec(text))) {
      if (forms[fold(m[0])]) {
        spans.push([m.index, m.index + m[0].length]);
        if (first < 0) first = m.index;
      }
    }
    var start = 0, end = text.length;
    if (text.length > width) {
      start = first < 0 ? 0 : Math.max(0, first - Math.floor(width / 3));
      if (start > 0) { var sp = text.indexOf(" ", start); if (sp >= 0 && sp < first) start = sp + 1; }
      end = Math.min(text.length, start + width);
      if (end < text.length) { var e2 = text.lastIndexOf(" ", end); if (e2 > start) end = e2; }
    }
    if (start > 0) el.appendChild(document.createTextNode("… "));
    var pos = start;
    spans.forEach(function (s) {
      if (s[0] < pos || s[1] > end) return;
      el.appendChild(document.createTextNode(text.slice(pos, s[0])));
      var mk = document.createElement("mark");
      mk.textContent = text.slice(s[0], s[1]);
      el.appendChild(mk);
      pos = s[1];
    });
    el.appendChild(document.createTextNode(text.slice(pos, end) + (end < text.length && !/…$/.test(text.slice(pos, end)) ? " …" : "")));
  }
  function item(d, forms, tag) {
    var li = document.createElement(tag || "li");
    var a = document.createElement("a");
    a.href = root + d.url;
    var t = document.createElement("span");
    t.className = "title";
    if (d.page) {
      var p = document.createElement("span");
      p.className = "page";
      p.textContent = d.page + " › ";
      t.appendChild(p);
    }
    var tt = document.createElement("span");
    snippet(tt, d.title, forms, 1000);
    t.appendChild(tt);
    a.appendChild(t);
    var k = document.createElement("span");
    k.className = "kind";
    k.textContent = d.kind;
    a.appendChild(k);
    if (d.text) {
      var sn = document.createElement("span");
      sn.className = "snippet";
      snippet(sn, d.text, forms, 160);
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
    var items = list.querySelectorAll("li[role=option]");
    if (!items.length) return;
    selected = (i + items.length) % items.length;
    items.forEach(function (li, j) {
      li.setAttribute("aria-selected", j === selected ? "true" : "false");
      if (j === selected) { li.scrollIntoView({ block: "nearest" }); input.setAttribute("aria-activedescendant", li.id); }
    });
  }
  var timer = 0;
  if (input && list) {
    input.addEventListener("focus", function () { withIndex(function () {}); });
    var search = function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var q = input.value;
        runSearch(q, 10, function (res) {
          if (q !== input.value) return;
          list.textContent = "";
          // The query the list answers (a list of a query typed further
          // since is never shown as the answer to it).
          list.setAttribute("data-query", q);
          if (!q.trim()) res = { results: [], forms: {} };
          res.results.forEach(function (d, i) {
            var li = item(d, res.forms);
            li.id = "wr-search-result-" + i;
            li.setAttribute("role", "option");
            list.appendChild(li);
          });
          if (!res.results.length && q.trim()) {
            var li = document.createElement("li");
            li.className = "empty";
            li.textContent = "No results";
            list.appendChild(li);
          }
          list.hidden = !q.trim();
          input.setAttribute("aria-expanded", list.hidden ? "false" : "true");
          selected = -1;
        });
      }, 60);
    };
    input.addEventListener("input", search);
    // What a reader typed before this script ran (the page still
    // loading) is searched now: no input event will come for it.
    if (input.value && document.activeElement === input) search();
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown") { e.preventDefault(); select(selected + 1); }
      else if (e.key === "ArrowUp") { e.preventDefault(); select(selected - 1); }
      else if (e.key === "Escape") { close(); input.blur(); }
      else if (e.key === "Enter" && selected >= 0) {
        var a = list.querySelectorAll("li[role=option] a")[selected];
        if (a) { e.preventDefault(); window.location.href = a.href; }
      }
    });
    // Enter on a selected result opens it rather than the search page
    // (some browsers submit the form on the key press that follows).
    if (input.form) {
      input.form.addEventListener("submit", function (e) {
        var a = selected >= 0 ? list.querySelectorAll("li[role=option] a")[selected] : null;
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
      runSearch(q, 100, function (res) {
        res.results.forEach(function (d) { page.appendChild(item(d, res.forms)); });
        var n = res.results.length;
        status.textContent = n ? n + (n === 1 ? " result" : " results") + " for “" + q + "”" : "No results for “" + q + "”";
      });
    }
  }
})();
