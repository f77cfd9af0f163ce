// The reader's theme, set before the page paints (a file rather than an
// inline script: the pages' Content-Security-Policy runs no inline script).
try { var t = localStorage.getItem("wikirules-theme"); if (t) document.documentElement.dataset.theme = t; } catch (e) {}
