package site

import (
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/templates"
)

// The site-wide pages written in Go (see layouts.go): home.html and
// index.html, rebuilt by every build, even one that changed one page.

// badgeCount is a status's badge and a count: "{{template "badge" "PASS"}} {{.Pass}}".
func (w layoutWriter) badgeCount(status string, n int) {
	w.badge(status)
	w.WriteString(" ")
	w.int(n)
}

// home is home.html.
func (w layoutWriter) home(d *HomePage) {
	w.baseTitled(&d.Base, func() { w.text(d.Site.Name) }, func() {}, func() {}, func() {
		w.WriteString("\n<div class=\"hero\">\n  <h1>")
		w.text(d.Site.Name)
		w.WriteString("</h1>\n  ")
		if d.Intro != "" {
			w.WriteString("<div class=\"intro prose\">")
			w.WriteString(string(d.Intro))
			w.WriteString("</div>")
		} else {
			w.WriteString("<div class=\"intro prose\"><p>The rules of the wiki's games as their pages read today: each rule table as data, the checks run on them, and every page's history with what each edit changed.</p></div>")
		}
		w.WriteString("\n  <p class=\"stats\">")
		w.text(templates.Plural(d.Stats.Games, "game", "games"))
		w.WriteString(" · ")
		w.text(templates.Plural(d.Stats.Pages, "page", "pages"))
		w.WriteString(" · ")
		w.text(templates.Plural(d.Stats.Revisions, "revision", "revisions"))
		w.WriteString(" · ")
		w.text(templates.Plural(d.Stats.Tables, "rule table", "rule tables"))
		for _, x := range d.Extra {
			w.WriteString(" · ")
			w.link(x.URL, x.Title)
		}
		w.WriteString("</p>\n</div>\n\n<div class=\"home-grid\">\n<section class=\"games\" aria-labelledby=\"games-h\">\n  <h2 id=\"games-h\">Games</h2>")
		for _, g := range d.Groups {
			w.WriteString("\n  <section class=\"game-group\">\n    <h3>")
			w.text(g.Name)
			w.WriteString("</h3>\n    <ul class=\"cards\">")
			for i := range g.Games {
				c := &g.Games[i]
				w.WriteString("\n      <li class=\"card\"><a href=\"")
				w.url(c.URL)
				w.WriteString("\"><span class=\"card-title\">")
				w.text(c.Name)
				w.WriteString("</span>\n        <span class=\"card-meta\">")
				if c.Tables != 0 {
					w.text(templates.Plural(c.Tables, "table", "tables"))
				} else {
					w.WriteString("no rule tables")
				}
				if c.HasTips {
					w.WriteString(" · tips")
				}
				w.WriteString(" · updated ")
				w.timeTag(c.Updated, "2 January 2006")
				w.WriteString("</span>")
				if c.Checks.Total != 0 {
					w.WriteString("<span class=\"card-checks\">")
					if c.Checks.Fail != 0 {
						w.badgeCount("FAIL", c.Checks.Fail)
					}
					if c.Checks.Error != 0 {
						w.WriteString(" ")
						w.badgeCount("ERROR", c.Checks.Error)
					}
					if c.Checks.Fail == 0 && c.Checks.Error == 0 {
						w.badgeCount("PASS", c.Checks.Pass)
					}
					w.WriteString("</span>")
				}
				w.WriteString("\n      </a></li>")
			}
			w.WriteString("\n    </ul>\n  </section>")
		}
		if len(d.Groups) == 0 {
			w.WriteString("\n  <p>No game pages in the inputs.</p>")
		}
		if d.OtherPages != 0 {
			w.WriteString("<p><a href=\"")
			w.url(d.Link("pages/index.html"))
			w.WriteString("\">All ")
			w.text(templates.Plural(d.OtherPages, "other page", "other pages"))
			w.WriteString("</a></p>")
		}
		w.WriteString("\n</section>\n\n<aside class=\"home-side\">\n  <section class=\"check-summary\" aria-labelledby=\"checks-h\">\n    <h2 id=\"checks-h\">Rule checks</h2>")
		if d.Checks.Total != 0 {
			w.WriteString("\n    <p>")
			w.link(d.Link("checks/index.html"), templates.Plural(d.Checks.Total, "check", "checks"))
			w.WriteString(":\n      ")
			w.badgeCount("PASS", d.Checks.Pass)
			w.WriteString(" ")
			w.badgeCount("FAIL", d.Checks.Fail)
			w.WriteString(" ")
			w.badgeCount("ERROR", d.Checks.Error)
			w.WriteString("</p>")
		} else {
			w.WriteString("<p>No checks ran.</p>")
		}
		w.WriteString("\n  </section>\n  <section class=\"recent\" aria-labelledby=\"recent-h\">\n    <h2 id=\"recent-h\">Recent changes</h2>\n    <ol class=\"recent-list\">")
		for i := range d.Recent {
			r := &d.Recent[i]
			w.WriteString("\n      <li>")
			w.link(r.DiffURL, r.Page)
			if r.RulesChanged {
				w.WriteString(" <span class=\"badge badge-rule\">rules changed</span>")
			}
			w.WriteString("\n        <div class=\"meta\">")
			w.timeTag(r.Time, model.MinuteLayout)
			w.WriteString(" · ")
			w.text(r.Author)
			w.WriteString(" · <span class=\"delta\">")
			w.text(templates.Signed(r.Delta))
			w.WriteString("</span></div>")
			if r.Summary != "" {
				w.WriteString("<div class=\"summary\">")
				w.WriteString(string(templates.SummaryHTML(templates.Clip(r.Summary, 140))))
				w.WriteString("</div>")
			}
			w.WriteString("</li>")
		}
		w.WriteString("\n    </ol>\n    <p><a href=\"")
		w.url(d.Link("feed.xml"))
		w.WriteString("\">Atom feed</a></p>\n  </section>\n</aside>\n</div>\n")
	})
	w.WriteString("\n\n\n")
}

// index is index.html.
func (w layoutWriter) index(d *IndexPage) {
	w.base(&d.Base, func() {}, func() {}, func() {
		w.WriteString("\n<article>\n  <header class=\"page-header\"><h1>All pages</h1><p>")
		w.text(templates.Plural(d.Total, "page", "pages"))
		w.WriteString(", by kind.</p></header>")
		for _, g := range d.Groups {
			w.WriteString("\n  <section aria-labelledby=\"kind-")
			w.attr(g.ID)
			w.WriteString("\">\n    <h2 id=\"kind-")
			w.attr(g.ID)
			w.WriteString("\">")
			w.text(g.Name)
			w.WriteString(" <span class=\"count\">(")
			w.int(len(g.Pages))
			w.WriteString(")</span></h2>\n    <ul class=\"columns\">")
			for i := range g.Pages {
				l := &g.Pages[i]
				w.WriteString("\n      <li>")
				w.link(l.URL, l.Title)
				if l.Note != "" {
					w.WriteString(" <span class=\"count\">")
					w.text(l.Note)
					w.WriteString("</span>")
				}
				w.WriteString("</li>")
			}
			w.WriteString("\n    </ul>\n  </section>")
		}
		w.WriteString("\n</article>\n")
	})
	w.WriteString("\n\n")
}
