package site

import (
	"html"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// Redirect pages ("#REDIRECT [[Target]]") are not pages of content: each
// becomes a small HTML file that sends the reader on to its target (a
// canonical link and a meta refresh), and links to a redirect go straight
// to the target.

// maxRedirectHops bounds a chain of redirects (MediaWiki follows one; a
// few more cost nothing and a loop ends here).
const maxRedirectHops = 5

// addRedirects records the corpus's redirect pages.
func (p *plan) addRedirects(c *model.Corpus) {
	for _, pg := range c.Pages {
		if pg.Redirect != "" {
			if p.redirects == nil {
				p.redirects = map[string]string{}
			}
			p.redirects[pg.Title] = pg.Redirect
		}
	}
}

// resolveRedirect follows the redirects from title: the final title and
// the fragment the redirects named; ok is false when title is no redirect
// (or the redirects loop).
func (p *plan) resolveRedirect(title string) (to, fragment string, ok bool) {
	to = title
	for i := 0; i < maxRedirectHops; i++ {
		next, isRedirect := p.redirects[to]
		if !isRedirect {
			return to, fragment, i > 0
		}
		t, f, _ := strings.Cut(next, "#")
		to = p.names.Normalize(t)
		if f != "" {
			fragment = f
		}
		if to == title {
			return "", "", false
		}
	}
	if _, isRedirect := p.redirects[to]; isRedirect {
		return "", "", false
	}
	return to, fragment, true
}

// buildRedirect writes a redirect page: a canonical link and a meta
// refresh to the target, and a visible link for readers without either.
func (b *builder) buildRedirect(s *unitSummary, pg *model.Page) error {
	dir := b.plan.dir[pg.Title]
	pagePath := dir + "index.html"
	lk := newLinker(b.plan, pg.Title, pagePath, "", s.Deps)
	t, frag, _ := strings.Cut(pg.Redirect, "#")
	there := lk.PageExists(t)
	href := lk.PageURL(t, frag)
	// A loop of redirects is written without a refresh, which would send
	// the reader round it for ever.
	_, _, resolves := b.plan.resolveRedirect(pg.Title)
	exists := there && resolves
	canonical := href
	if b.opts.BaseURL != "" {
		to, _, _ := b.plan.resolveRedirect(pg.Title)
		if d := b.plan.dir[to]; d != "" {
			canonical = b.absURL(d)
		}
	}
	e := html.EscapeString
	var sb strings.Builder
	sb.WriteString("<!DOCTYPE html>\n<html lang=\"" + e(b.opts.Lang) + "\">\n<head>\n<meta charset=\"utf-8\">\n")
	sb.WriteString("<title>" + e(pg.Title) + " → " + e(pg.Redirect) + "</title>\n")
	sb.WriteString("<meta name=\"robots\" content=\"noindex\">\n")
	if exists {
		sb.WriteString("<link rel=\"canonical\" href=\"" + e(canonical) + "\">\n")
		sb.WriteString("<meta http-equiv=\"refresh\" content=\"0; url=" + e(href) + "\">\n")
	}
	sb.WriteString("</head>\n<body>\n<p>" + e(pg.Title) + " redirects to <a href=\"" + e(href) + "\">" + e(pg.Redirect) + "</a>")
	switch {
	case !there:
		sb.WriteString(" (a page that is not in this site)")
	case !exists:
		sb.WriteString(" (a redirect too: the redirects from it go round in a loop, or on past " + strconv.Itoa(maxRedirectHops) + ", and lead to no page)")
	}
	sb.WriteString(".</p>\n</body>\n</html>\n")
	return b.write(s, pagePath, []byte(sb.String()))
}
