package site

import (
	"net/url"
	"strings"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/render"
	"github.com/wikirules/wikirules/wiki"
)

// linker resolves wiki links to site URLs relative to one page, and
// records what it resolved: a page built with a link to a missing page must
// be rebuilt when that page appears.
type linker struct {
	plan     *plan
	self     string // the page's own title, for [[#Section]] and self-links
	root     string // from the page to the site root
	idPrefix string // prefix of the page content's ids (history pages)
	deps     map[string]string
	wiki     *wiki.Wiki // links to files the site lacks go to the wiki
	// targets are the titles resolved so far (and recorded), urls the
	// URLs made so far: a page and its history link to the same pages
	// again and again.
	targets map[string]string
	urls    map[linkKey]string
}

// linkKey is a link's target and fragment.
type linkKey struct{ title, fragment string }

func newLinker(p *plan, self, pagePath, idPrefix string, deps map[string]string) *linker {
	return &linker{plan: p, self: self, root: rootOf(pagePath), idPrefix: idPrefix, deps: deps, wiki: p.wiki}
}

// target is where a title goes: a directory in the site, or "" when the
// page does not exist.
func (l *linker) target(title string) string {
	if d, ok := l.targets[title]; ok {
		return d
	}
	d := l.resolve(title)
	if l.targets == nil {
		l.targets = map[string]string{}
	}
	l.targets[title] = d
	return d
}

// resolve is target without the titles resolved before.
func (l *linker) resolve(title string) string {
	t := l.plan.names.Normalize(title)
	if to, _, ok := l.plan.resolveRedirect(t); ok {
		// A link to a redirect goes to its target, when there is one.
		if d := l.target(to); d != "" {
			l.record("page:", t, d)
			return d
		}
	}
	if d, ok := l.plan.dir[t]; ok {
		l.record("page:", t, d)
		return d
	}
	ns, name := l.plan.names.Split(t)
	d := ""
	switch ns {
	case model.NSCategory:
		// Category listings exist for every category a page is in,
		// which the site-wide pass knows; a link to one is never red.
		d = categoryDir(name)
	case model.NSFile, model.NSMedia:
		// A [[:File:…]] link and a [[Media:…]] link both go to the
		// file (the site has no file description pages).
		if m, ok := l.plan.media[l.plan.mediaKey(name)]; ok {
			d = m
		}
	}
	l.record("page:", t, d)
	return d
}

// record notes that the page links to kind+name, found at v (the key is
// made only when dependencies are recorded: reusable looks up every
// unit's links without recording them).
func (l *linker) record(kind, name, v string) {
	if l.deps != nil {
		l.deps[kind+name] = v
	}
}

func (l *linker) PageURL(title, fragment string) string {
	k := linkKey{title, fragment}
	if u, ok := l.urls[k]; ok {
		return u
	}
	u := l.pageURL(title, fragment)
	if l.urls == nil {
		l.urls = map[linkKey]string{}
	}
	l.urls[k] = u
	return u
}

// pageURL is PageURL without the URLs made before.
func (l *linker) pageURL(title, fragment string) string {
	if fragment == "" && title != "" {
		if _, f, ok := l.plan.resolveRedirect(l.plan.names.Normalize(title)); ok {
			fragment = f
		}
	}
	frag := ""
	if fragment != "" {
		// The content's ids as the page has them (contentIDs): another
		// page's without the history's prefix.
		frag = "#" + idFragment(contentIDs("").ContentID(render.FragmentID(fragment)))
	}
	if title == "" || l.plan.names.Normalize(title) == l.self {
		if fragment != "" {
			return "#" + idFragment(contentIDs(l.idPrefix).ContentID(render.FragmentID(fragment)))
		}
		if title == "" {
			return ""
		}
	}
	d := l.target(title)
	if d == "" {
		// A file the site has no page for: its page on the wiki.
		if ns, _ := l.plan.names.Split(l.plan.names.Normalize(title)); ns == model.NSFile && l.wiki != nil && l.wiki.HasURL() {
			return l.wiki.PageURL(title)
		}
		// A missing page: the search may find what the link meant.
		return l.root + "search/index.html?q=" + url.QueryEscape(l.plan.names.Normalize(title))
	}
	if strings.HasSuffix(d, "/") {
		return l.root + escapePath(d+"index.html") + frag
	}
	return l.root + escapePath(d) + frag
}

// siteIDPrefix begins every id the site's layouts and script use
// ("wr-search-input", "wr-main"): content ids that would begin with it are
// renamed (render.Options.ReservedIDPrefix), so a page cannot take over an
// element of the site.
const siteIDPrefix = "wr-"

// contentIDs are the render options that decide the ids of a page's
// content; prefix is the history's per-revision prefix ("" on a page).
func contentIDs(prefix string) render.Options {
	return render.Options{IDPrefix: prefix, ReservedIDPrefix: siteIDPrefix}
}

// idFragment is the fragment of a link to the element whose id is id, as
// MediaWiki writes it (Sanitizer::escapeIdForLink, $wgFragmentMode html5)
// and the renderer does (render.FragmentLink): the id as it is, but a '%'
// before two hex digits written "%25". A browser goes to the element
// whose id is the fragment as it is, and only when there is none to the
// one whose id is the fragment percent-decoded: url.PathEscape's "100%25"
// for "100%" (or "5%2F6_players" for "5/6_players") went to a heading
// whose id is that. Every link to a heading the site writes goes through
// it, or through render.FragmentLink itself (the layouts' table of
// contents: templates.FragmentHref); a table's or a revision's anchor has
// no '%' and is its own fragment.
func idFragment(id string) string { return render.FragmentLink(id) }

func (l *linker) PageExists(title string) bool {
	return l.target(title) != ""
}

func (l *linker) FileURL(title string) (string, bool) {
	_, name := l.plan.names.Split(l.plan.names.Normalize(title))
	m, ok := l.plan.media[l.plan.mediaKey(name)]
	l.record("file:", name, m)
	if !ok {
		return "", false
	}
	return l.root + escapePath(m), true
}
