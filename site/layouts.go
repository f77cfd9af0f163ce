package site

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"time"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/templates"
)

// The pages a unit writes — a wiki page (page.html), its history
// (history.html) and a game's rule tables (rules.html), all in base.html
// with partials.html — are most of a site: 18,000 of them for 6,000
// games. html/template spends most of its time there in reflection (a
// call through reflect for every escaper of every value), a fifth of a
// build's CPU time. So when those layout files are the embedded ones,
// byte for byte, the site writes these pages in Go instead: the functions
// below are the embedded layouts transcribed, each value escaped the way
// html/template escapes it in the same place (text, attribute, URL, URL
// fragment). TestNativeLayouts renders every such page of the embedded
// corpus, the test sites and hostile values both ways and requires the
// same bytes: a change to one of those layout files must be made here
// too (the test says where the two part). A site with its own layouts
// (--layouts) gets its templates executed, as before.

// nativeLayouts are the layout files the Go pages transcribe.
var nativeLayouts = []string{"base.html", "partials.html", "page.html", "history.html", "rules.html", "home.html", "index.html"}

// useNativeLayouts reports whether the pages can be written in Go.
func useNativeLayouts(t *templates.Set) bool { return t.Embedded(nativeLayouts...) }

// writeNative writes data as its embedded layout does into w; it reports
// false when no Go version of tpl exists.
func writeNative(w *bytes.Buffer, tpl string, data any) bool {
	lw := layoutWriter{w}
	switch d := data.(type) {
	case *WikiPage:
		if tpl != "page.html" {
			return false
		}
		lw.page(d)
	case *HistoryPage:
		if tpl != "history.html" {
			return false
		}
		lw.history(d)
	case *RulesPage:
		if tpl != "rules.html" {
			return false
		}
		lw.rules(d)
	case *HomePage:
		if tpl != "home.html" {
			return false
		}
		lw.home(d)
	case *IndexPage:
		if tpl != "index.html" {
			return false
		}
		lw.index(d)
	default:
		return false
	}
	return true
}

type layoutWriter struct{ *bytes.Buffer }

// text writes s escaped as html/template escapes a string in text, in
// RCDATA (<title>) and in a quoted attribute value (escapeText, and + as
// &#43;).
func (w layoutWriter) text(s string) { escapeHTML(w.Buffer, s, true) }

// attr is text: the same escaping in a quoted attribute value.
func (w layoutWriter) attr(s string) { w.text(s) }

// url writes s as html/template writes a value that is a whole URL
// attribute (href="{{.}}"): a URL of a scheme other than http, https or
// mailto becomes "#ZgotmplZ", the rest is percent-encoded where it is not
// already, then escaped for the attribute.
func (w layoutWriter) url(s string) {
	if protocol, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(protocol, "/") {
		if !strings.EqualFold(protocol, "http") && !strings.EqualFold(protocol, "https") && !strings.EqualFold(protocol, "mailto") {
			s = "#ZgotmplZ"
		}
	}
	w.text(processURL(s, true))
}

// processURL is html/template's processURLOnto: norm keeps the reserved
// characters and valid escapes.
func processURL(s string, norm bool) string {
	var b []byte
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '!', '#', '$', '&', '*', '+', ',', '/', ':', ';', '=', '?', '@', '[', ']':
			if norm {
				continue
			}
		case '-', '.', '_', '~':
			continue
		case '%':
			if norm && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
				continue
			}
		default:
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				continue
			}
		}
		if b == nil {
			b = make([]byte, 0, len(s)+16)
		}
		b = append(b, s[written:i]...)
		b = append(b, '%', lowerHex[c>>4], lowerHex[c&15])
		written = i + 1
	}
	if b == nil {
		return s
	}
	return string(append(b, s[written:]...))
}

const lowerHex = "0123456789abcdef"

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func (w layoutWriter) int(n int) { w.WriteString(strconv.Itoa(n)) }

// link writes <a href="href">label</a>, as the layouts' plain links are.
func (w layoutWriter) link(href, label string) {
	w.WriteString("<a href=\"")
	w.url(href)
	w.WriteString("\">")
	w.text(label)
	w.WriteString("</a>")
}

// timeTag writes <time datetime="…">t as layout</time>, t in UTC.
func (w layoutWriter) timeTag(t time.Time, layout string) {
	var tb [64]byte
	w.WriteString("<time datetime=\"")
	w.Write(model.AppendTime(tb[:0], t)) // RFC 3339 in UTC: nothing to escape
	w.WriteString("\">")
	if layout == model.MinuteLayout {
		w.Write(model.AppendMinute(tb[:0], t))
	} else {
		w.text(t.UTC().Format(layout))
	}
	w.WriteString("</time>")
}

// base is base.html around the page's own blocks.
func (w layoutWriter) base(b *Base, layoutClass func(), aside func(), main func()) {
	w.baseTitled(b, nil, layoutClass, aside, main)
}

// baseTitled is base with the page's own title block (nil: the title and
// the site's name).
func (w layoutWriter) baseTitled(b *Base, title func(), layoutClass func(), aside func(), main func()) {
	w.WriteString("<!DOCTYPE html>\n<html lang=\"")
	w.attr(b.Site.Lang)
	w.WriteString("\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
	if b.Site.CSP != "" {
		w.WriteString("\n<meta http-equiv=\"Content-Security-Policy\" content=\"")
		w.attr(b.Site.CSP)
		w.WriteString("\">")
	}
	w.WriteString("\n<title>")
	if title != nil {
		title()
	} else {
		w.text(b.Title)
		w.WriteString(" · ")
		w.text(b.Site.Name)
	}
	w.WriteString("</title>")
	if b.Description != "" {
		w.WriteString("\n<meta name=\"description\" content=\"")
		w.attr(b.Description)
		w.WriteString("\">")
	}
	if b.NoIndex {
		w.WriteString("\n<meta name=\"robots\" content=\"noindex\">")
	}
	w.WriteString("\n<meta name=\"generator\" content=\"")
	w.attr(b.Site.Generator)
	w.WriteString("\">\n<script src=\"")
	w.url(b.Link("assets/theme.js"))
	w.WriteString("\"></script>\n<link rel=\"stylesheet\" href=\"")
	w.url(b.Link("assets/style.css"))
	w.WriteString("\">\n<link rel=\"stylesheet\" href=\"")
	w.url(b.Link("assets/chroma.css"))
	w.WriteString("\">\n<link rel=\"alternate\" type=\"application/atom+xml\" title=\"")
	w.attr(b.Site.Name)
	w.WriteString(": recent changes\" href=\"")
	w.url(b.Link("feed.xml"))
	w.WriteString("\">\n<link rel=\"icon\" href=\"")
	w.url(b.Link("assets/favicon.svg"))
	w.WriteString("\" type=\"image/svg+xml\">\n\n</head>\n<body data-root=\"")
	w.attr(b.Root)
	w.WriteString("\">\n<a class=\"skip\" href=\"#wr-main\">Skip to content</a>\n<header class=\"topbar\">\n  <div class=\"topbar-inner\">\n    <a class=\"brand\" href=\"")
	home := b.Link("index.html")
	w.url(home)
	w.WriteString("\">")
	w.text(b.Site.Name)
	w.WriteString("</a>\n    <nav class=\"mainnav\" aria-label=\"Site\">\n      <ul>\n        <li><a href=\"")
	w.url(home)
	w.WriteString("\"")
	w.current(b.Section == "home")
	w.WriteString(">Games</a></li>\n        <li><a href=\"")
	w.url(b.Link("pages/index.html"))
	w.WriteString("\"")
	w.current(b.Section == "pages")
	w.WriteString(">All pages</a></li>\n        <li><a href=\"")
	w.url(b.Link("categories/index.html"))
	w.WriteString("\"")
	w.current(b.Section == "categories")
	w.WriteString(">Categories</a></li>\n        <li><a href=\"")
	w.url(b.Link("checks/index.html"))
	w.WriteString("\"")
	w.current(b.Section == "checks")
	w.WriteString(">Checks</a></li>\n      </ul>\n    </nav>\n    <form class=\"search\" role=\"search\" action=\"")
	w.url(b.Link("search/index.html"))
	w.WriteString(searchAndTheme)
	if len(b.Crumbs) > 0 {
		w.WriteString("\n<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><ol>")
		for _, c := range b.Crumbs {
			w.WriteString("<li>")
			if c.URL != "" {
				w.link(c.URL, c.Title)
			} else {
				w.WriteString("<span aria-current=\"page\">")
				w.text(c.Title)
				w.WriteString("</span>")
			}
			w.WriteString("</li>")
		}
		w.WriteString("</ol></nav>")
	}
	w.WriteString("\n<div class=\"layout")
	layoutClass()
	w.WriteString("\">\n")
	aside()
	w.WriteString("\n<main id=\"wr-main\" tabindex=\"-1\">\n")
	main()
	w.WriteString("\n</main>\n</div>\n<footer class=\"footer\">\n  <p>Built by wikirules from the wiki's revision history. </p>\n</footer>\n<script src=\"")
	w.url(b.Link("assets/site.js"))
	w.WriteString("\" defer></script>\n</body>\n</html>\n")
}

// searchAndTheme is base.html from the search form's action to the end
// of the top bar: no value in it.
const searchAndTheme = "\" method=\"get\">\n" +
	"      <label class=\"visually-hidden\" for=\"wr-search-input\">Search pages and tables</label>\n" +
	"      <input id=\"wr-search-input\" name=\"q\" type=\"search\" placeholder=\"Search  /\" autocomplete=\"off\" aria-controls=\"wr-search-results\" aria-expanded=\"false\" aria-autocomplete=\"list\">\n" +
	"      <ul id=\"wr-search-results\" class=\"search-results\" role=\"listbox\" hidden></ul>\n" +
	"    </form>\n" +
	"    <button class=\"theme-toggle\" type=\"button\" aria-label=\"Switch between light and dark theme\" title=\"Light or dark theme\">\n" +
	"      <svg aria-hidden=\"true\" viewBox=\"0 0 24 24\" width=\"20\" height=\"20\"><path fill=\"currentColor\" d=\"M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.39 5.39 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1z\"/></svg>\n" +
	"    </button>\n" +
	"  </div>\n" +
	"</header>"

func (w layoutWriter) current(on bool) {
	if on {
		w.WriteString(" aria-current=\"page\"")
	}
}

// badge is partials.html's badge.
func (w layoutWriter) badge(status string) {
	w.WriteString("<span class=\"badge badge-")
	w.attr(strings.ToLower(status))
	w.WriteString("\">")
	w.text(status)
	w.WriteString("</span>")
}

// revline is partials.html's revline.
func (w layoutWriter) revline(r *Rev) {
	w.WriteString("<span class=\"rev\">")
	if r.URL != "" {
		w.WriteString("<a href=\"")
		w.url(r.URL)
		w.WriteString("\" rel=\"external\" title=\"This revision on the wiki\">")
	}
	w.timeTag(r.Time, model.MinuteLayout)
	if r.URL != "" {
		w.WriteString("</a>")
	}
	w.WriteString(" · <span class=\"author\">")
	w.text(r.Author)
	w.WriteString("</span>")
	if r.Summary != "" {
		w.WriteString(" · <span class=\"summary\">")
		w.WriteString(string(templates.SummaryHTML(r.Summary)))
		w.WriteString("</span>")
	}
	w.WriteString("</span>")
}

// checklist is partials.html's checklist.
func (w layoutWriter) checklist(checks []*CheckView) {
	if len(checks) == 0 {
		return
	}
	w.WriteString("<ul class=\"checks\">")
	for _, c := range checks {
		status := string(c.Status)
		w.WriteString("\n  <li class=\"check check-")
		w.attr(strings.ToLower(status))
		w.WriteString("\">")
		w.badge(status)
		w.WriteString(" <code>")
		w.text(c.ID)
		w.WriteString("</code>")
		if c.Description != "" {
			w.WriteString(" <span class=\"desc\">")
			w.text(c.Description)
			w.WriteString("</span>")
		}
		w.WriteString("\n    <div class=\"check-msg\">")
		w.text(c.Message)
		w.WriteString("</div>\n    <div class=\"check-links\">")
		if c.TableURL != "" {
			w.WriteString("<a href=\"")
			w.url(c.TableURL)
			w.WriteString("\">table <code>")
			w.text(c.Table)
			w.WriteString("</code></a> · ")
		}
		if c.SourceURL != "" {
			w.WriteString("<a href=\"")
			w.url(c.SourceURL)
			w.WriteString("\">")
			w.text(c.Page)
			w.WriteString(", line ")
			w.int(c.Line)
			w.WriteString("</a>")
		}
		if c.Spec != "" {
			w.WriteString(" · spec <code>")
			w.text(c.Spec)
			w.WriteString("</code>")
		}
		w.WriteString("</div>\n  </li>")
	}
	w.WriteString("\n</ul>")
}

// toc is partials.html's toc.
func (w layoutWriter) toc(entries []TOCEntry) {
	if len(entries) == 0 {
		return
	}
	w.WriteString("<nav class=\"toc\" aria-label=\"Contents\"><h2 class=\"toc-title\">Contents</h2><ol>")
	for _, e := range entries {
		w.WriteString("<li class=\"toc-l")
		w.int(e.Level)
		w.WriteString("\"><a ")
		w.WriteString(string(templates.FragmentHref(e.ID)))
		w.WriteString("><span class=\"tocnumber\">")
		w.text(e.Number)
		w.WriteString("</span> ")
		w.WriteString(string(e.Title))
		w.WriteString("</a></li>")
	}
	w.WriteString("\n</ol></nav>")
}

// page is page.html.
func (w layoutWriter) page(d *WikiPage) {
	w.base(&d.Base, func() {
		if len(d.TOC) > 0 {
			w.WriteString(" with-aside")
		}
	}, func() {
		if len(d.TOC) > 0 {
			w.WriteString("<aside class=\"sidebar\">")
			w.toc(d.TOC)
			w.WriteString("</aside>")
		}
	}, func() { w.pageMain(d) })
	w.WriteString("\n\n\n\n")
}

func (w layoutWriter) pageMain(d *WikiPage) {
	w.WriteString("\n<article class=\"wiki-page\">\n  <header class=\"page-header\">\n    <h1>")
	w.text(d.Heading)
	w.WriteString("</h1>\n    <p class=\"page-meta\">")
	w.revline(&d.Rev)
	w.WriteString("</p>")
	if g := d.Game; g != nil {
		w.WriteString("\n    <nav class=\"page-tabs\" aria-label=\"")
		w.attr(g.Name)
		w.WriteString("\">\n      <a href=\"")
		w.url(g.RulesURL)
		w.WriteString("\"")
		w.current(d.Tab == "rules")
		w.WriteString(">Rules</a>")
		if g.TipsURL != "" {
			w.WriteString("<a href=\"")
			w.url(g.TipsURL)
			w.WriteString("\"")
			w.current(d.Tab == "tips")
			w.WriteString(">Tips</a>")
		}
		w.WriteString("\n      <a href=\"")
		w.url(g.DataURL)
		w.WriteString("\">Rule tables")
		if g.Tables != 0 {
			w.WriteString(" (")
			w.int(g.Tables)
			w.WriteString(")")
		}
		w.WriteString("</a>\n    </nav>")
	}
	w.WriteString("\n    <p class=\"page-links\"><a href=\"")
	w.url(d.HistoryURL)
	w.WriteString("\">History (")
	w.text(plural(d.Revisions, "revision"))
	w.WriteString(")</a> · <a href=\"")
	w.url(d.SourceURL)
	w.WriteString("\">Wikitext</a>")
	if d.WikiURL != "" {
		w.WriteString(" · <a href=\"")
		w.url(d.WikiURL)
		w.WriteString("\" rel=\"external\">On the wiki</a>")
	}
	if d.EditURL != "" {
		w.WriteString(" · <a href=\"")
		w.url(d.EditURL)
		w.WriteString("\" rel=\"external\">Edit</a>")
	}
	w.WriteString("</p>\n  </header>")
	if len(d.TOC) > 0 {
		w.WriteString("\n  <details class=\"toc-inline\"><summary>Contents</summary>")
		w.toc(d.TOC)
		w.WriteString("</details>")
	}
	if d.Image != "" {
		w.WriteString("<figure class=\"file-image\"><img src=\"")
		w.url(d.Image)
		w.WriteString("\" alt=\"")
		w.attr(d.PageTitle)
		w.WriteString("\"></figure>")
	}
	if d.Notes != "" {
		w.WriteString("<aside class=\"notes prose\">")
		w.WriteString(string(d.Notes))
		w.WriteString("</aside>")
	}
	w.WriteString("\n  <div class=\"wiki-body prose\">\n")
	w.WriteString(string(d.Body))
	w.WriteString("\n  </div>")
	if len(d.Members) > 0 {
		w.WriteString("\n  <section class=\"members\"><h2>Pages in this category</h2><ul class=\"columns\">")
		for _, m := range d.Members {
			w.WriteString("<li>")
			w.link(m.URL, m.Title)
			w.WriteString("</li>")
		}
		w.WriteString("</ul></section>")
	}
	if len(d.Categories) > 0 {
		w.WriteString("\n  <nav class=\"catlinks\" aria-label=\"Categories\"><strong>Categories:</strong> ")
		for i, c := range d.Categories {
			if i > 0 {
				w.WriteString(" · ")
			}
			w.link(c.URL, c.Title)
		}
		w.WriteString("</nav>")
	}
	if g := d.Game; g != nil && (g.Prev != nil || g.Next != nil) {
		w.WriteString("\n  <nav class=\"prevnext\" aria-label=\"Other games\">")
		if g.Prev != nil {
			w.WriteString("<a class=\"prev\" rel=\"prev\" href=\"")
			w.url(g.Prev.URL)
			w.WriteString("\"><span class=\"dir\">← Previous game</span> ")
			w.text(g.Prev.Title)
			w.WriteString("</a>")
		}
		if g.Next != nil {
			w.WriteString("<a class=\"next\" rel=\"next\" href=\"")
			w.url(g.Next.URL)
			w.WriteString("\"><span class=\"dir\">Next game →</span> ")
			w.text(g.Next.Title)
			w.WriteString("</a>")
		}
		w.WriteString("\n  </nav>")
	}
	w.WriteString("\n</article>\n")
}

// history is history.html.
func (w layoutWriter) history(d *HistoryPage) {
	w.base(&d.Base, func() {}, func() {}, func() {
		w.WriteString("\n<article class=\"history\">\n  <header class=\"page-header\">\n    <h1>History of ")
		w.text(d.Page.Name)
		w.WriteString("</h1>\n    <p class=\"page-links\"><a href=\"")
		w.url(d.PageURL)
		w.WriteString("\">Current version</a> · <a href=\"#wikitext\">Wikitext</a>")
		if d.DataURL != "" {
			w.WriteString(" · <a href=\"")
			w.url(d.DataURL)
			w.WriteString("\">Rule tables</a>")
		}
		if d.WikiURL != "" {
			w.WriteString(" · <a href=\"")
			w.url(d.WikiURL)
			w.WriteString("\" rel=\"external\">History on the wiki</a>")
		}
		if d.Page.Name != d.Page.Title {
			w.WriteString(" · wiki page <code>")
			w.text(d.Page.Title)
			w.WriteString("</code>")
		}
		w.WriteString("</p>\n  </header>\n  \n  ")
		if d.bodyLater {
			w.Grow(historyBodySize(d))
			writeHistoryBodyTo(w.Buffer, d)
		} else {
			w.WriteString(string(d.Body))
		}
		w.WriteString("\n  <section class=\"wikitext-box\" aria-labelledby=\"wikitext-h\">\n    <details id=\"wikitext\">\n      <summary id=\"wikitext-h\">Wikitext of the current revision (")
		w.text(plural(d.SourceLines, "line"))
		w.WriteString(")</summary>\n      <div class=\"code-block\"><pre class=\"wikitext\"><code>")
		if d.bodyLater {
			writeSourceHTML(w.Buffer, d.sourceText)
		} else {
			w.WriteString(string(d.Source))
		}
		w.WriteString("</code></pre></div>\n    </details>\n  </section>\n</article>\n")
	})
	w.WriteString("\n\n")
}

// rules is rules.html.
func (w layoutWriter) rules(d *RulesPage) {
	tocItems := func() {
		for _, t := range d.Tables {
			w.WriteString("<li><a ")
			w.WriteString(string(templates.FragmentHref(t.Anchor)))
			w.WriteString(">")
			w.text(t.Title)
			if t.Status != "" {
				w.WriteString(" ")
				w.badge(string(t.Status))
			}
			w.WriteString("</a></li>")
		}
	}
	counts := func() {
		w.badge("PASS")
		w.WriteString(" ")
		w.int(d.Summary.Pass)
		w.WriteString(" ")
		w.badge("FAIL")
		w.WriteString(" ")
		w.int(d.Summary.Fail)
		w.WriteString(" ")
		w.badge("ERROR")
		w.WriteString(" ")
		w.int(d.Summary.Error)
	}
	w.base(&d.Base, func() {
		if len(d.Tables) > 0 {
			w.WriteString(" with-aside")
		}
	}, func() {
		if len(d.Tables) > 0 {
			w.WriteString("<aside class=\"sidebar\"><nav class=\"toc\" aria-label=\"Tables\"><h2 class=\"toc-title\">Tables</h2><ol>")
			tocItems()
			w.WriteString("</ol></nav></aside>")
		}
	}, func() {
		g := d.Game
		w.WriteString("\n<article class=\"rules-data\">\n  <header class=\"page-header\">\n    <h1>")
		w.text(g.Name)
		w.WriteString(": rule tables</h1>\n    <nav class=\"page-tabs\" aria-label=\"")
		w.attr(g.Name)
		w.WriteString("\">\n      <a href=\"")
		w.url(g.RulesURL)
		w.WriteString("\">Rules</a>")
		if g.TipsURL != "" {
			w.WriteString("<a href=\"")
			w.url(g.TipsURL)
			w.WriteString("\">Tips</a>")
		}
		w.WriteString("\n      <a href=\"")
		w.url(g.DataURL)
		w.WriteString("\" aria-current=\"page\">Rule tables")
		if len(d.Tables) > 0 {
			w.WriteString(" (")
			w.int(len(d.Tables))
			w.WriteString(")")
		}
		w.WriteString("</a>\n    </nav>")
		if len(d.Tables) > 0 {
			w.WriteString("\n    <p class=\"downloads\">Download every table: <a href=\"")
			w.url(d.YAMLURL)
			w.WriteString("\" download>")
			w.text(d.YAMLName)
			w.WriteString("</a> · <a href=\"")
			w.url(d.JSONURL)
			w.WriteString("\" download>")
			w.text(d.JSONName)
			w.WriteString("</a>")
			if d.Summary.Total != 0 {
				w.WriteString(" · checks: ")
				counts()
			}
			w.WriteString("</p>")
		} else if d.Summary.Total != 0 {
			w.WriteString("\n    <p class=\"downloads\">Checks: ")
			counts()
			w.WriteString("</p>")
		}
		if len(d.Tables) > 0 {
			w.WriteString("\n    <p class=\"blame-switch\"><label><input type=\"checkbox\" class=\"blame-toggle\"> Show when and by whom each value was last changed</label> (hover a cell to see it too)</p>")
		}
		w.WriteString("\n  </header>")
		if len(d.Tables) > 0 {
			w.WriteString("\n  <details class=\"toc-inline\"><summary>Tables</summary><nav class=\"toc\" aria-label=\"Tables\"><ol>")
			tocItems()
			w.WriteString("</ol></nav></details>")
		}
		for _, t := range d.Tables {
			w.table(t)
		}
		if len(d.Tables) == 0 {
			w.WriteString("\n  <p>No rule table was found on the pages of ")
			w.text(g.Name)
			w.WriteString(".</p>")
		}
		if len(d.Other) > 0 {
			w.WriteString("\n  <section><h2>Other checks</h2>")
			w.checklist(d.Other)
			w.WriteString("</section>")
		}
		w.WriteString("\n</article>\n")
	})
	w.WriteString("\n\n\n\n")
}

// table is one table of rules.html.
func (w layoutWriter) table(t *TableView) {
	w.WriteString("\n  <section class=\"rule-table\" id=\"")
	w.attr(t.Anchor)
	w.WriteString("\" aria-labelledby=\"")
	w.attr(t.Anchor)
	w.WriteString("-h\">\n    <h2 id=\"")
	w.attr(t.Anchor)
	w.WriteString("-h\">")
	w.text(t.Title)
	w.WriteString(" ")
	if t.Status != "" {
		w.badge(string(t.Status))
	}
	w.WriteString("</h2>\n    <p class=\"table-meta\"><code>")
	w.text(t.ID)
	w.WriteString("</code> · ")
	w.text(t.Kind.String())
	w.WriteString(" · from ")
	w.text(t.Form.Phrase())
	w.WriteString(" on ")
	w.link(t.PageURL, t.Page)
	w.WriteString(", <a href=\"")
	w.url(t.SourceURL)
	w.WriteString("\">line ")
	w.int(t.Line)
	w.WriteString("</a>")
	if truth(t.DeclaredTotal) {
		w.WriteString(" · declared total ")
		w.text(fmt.Sprint(t.DeclaredTotal))
	}
	if c := t.Changed; c != nil {
		w.WriteString(" · values last changed <a href=\"")
		w.url(c.URL)
		w.WriteString("\">")
		w.timeTag(c.Time, model.MinuteLayout)
		if c.Author != "" {
			w.WriteString(" by ")
			w.text(c.Author)
		}
		w.WriteString("</a>")
	}
	if len(t.FormerIDs) > 0 {
		w.WriteString(" · formerly ")
		for i, id := range t.FormerIDs {
			if i > 0 {
				w.WriteString(", ")
			}
			w.WriteString("<code>")
			w.text(id)
			w.WriteString("</code>")
		}
	}
	w.WriteString("</p>")
	if len(t.Warnings) > 0 {
		w.WriteString("<ul class=\"warnings\">")
		for _, s := range t.Warnings {
			w.WriteString("<li>")
			w.text(s)
			w.WriteString("</li>")
		}
		w.WriteString("</ul>")
	}
	w.WriteString("\n    <div class=\"table-scroll\">")
	w.WriteString(string(t.HTML))
	w.WriteString("</div>\n    <details class=\"yaml\"><summary>YAML</summary>")
	w.WriteString(string(t.YAML))
	w.WriteString("</details>")
	if len(t.Checks) > 0 {
		w.WriteString("<h3>Checks</h3>")
		w.checklist(t.Checks)
	} else {
		w.WriteString("<p class=\"no-checks\">No check covers this table.</p>")
	}
	w.WriteString("\n  </section>")
}

// truth is a value's truth as {{with}} and {{if}} see it.
func truth(v any) bool {
	t, _ := template.IsTrue(v)
	return t
}
