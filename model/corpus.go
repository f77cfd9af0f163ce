package model

import (
	"fmt"
	"sort"
	"strings"
)

// Corpus is every page read from a set of inputs, each with its merged
// history.
type Corpus struct {
	Pages   []*Page // sorted by title
	byTitle map[string]*Page
	// Warnings are problems that did not stop reading (duplicate revisions
	// with different texts, entries skipped under --keep-going).
	Warnings MsgList
	// Site is the <siteinfo> of the first XML export read (nil when no
	// input carried one).
	Site *SiteInfo
	// Namespaces are the wiki's title rules: from Site when there is one,
	// the defaults otherwise. Titles are normalized with them.
	Namespaces *Namespaces

	// releaseTexts is what ReleaseTexts asks of the loader (nil: nothing).
	releaseTexts func(pages []*Page)
}

// SetTextRelease sets what ReleaseTexts does: a loader whose texts are
// mapped from files gives their pages back to the system.
func (c *Corpus) SetTextRelease(f func(pages []*Page)) { c.releaseTexts = f }

// TextRelease returns what ReleaseTexts does (nil: nothing), for a caller
// that wraps it (SetTextRelease) to learn what was released.
func (c *Corpus) TextRelease() func(pages []*Page) { return c.releaseTexts }

// ReleaseTexts says that the texts of pages will not be read for a while
// (a build is done with them, or read them all once to digest them): the
// memory they take may be given back. They stay valid: a later read gets
// the same bytes, read again from the page cache. Without a loader that
// can release texts, it does nothing.
func (c *Corpus) ReleaseTexts(pages []*Page) {
	if c.releaseTexts != nil && len(pages) > 0 {
		c.releaseTexts(pages)
	}
}

// NewCorpus indexes pages (which it sorts by title).
func NewCorpus(pages []*Page) *Corpus {
	sort.Slice(pages, func(i, j int) bool { return pages[i].Title < pages[j].Title })
	c := &Corpus{Pages: pages, byTitle: make(map[string]*Page, len(pages))}
	for _, p := range pages {
		c.byTitle[p.Title] = p
	}
	return c
}

// Page looks a page up by title; the title is normalized first (by the
// wiki's rules, see Namespaces), so "gamehelp_hearts" finds
// "Gamehelphearts" on a first-letter wiki.
func (c *Corpus) Page(title string) *Page {
	if p := c.byTitle[title]; p != nil {
		return p
	}
	return c.byTitle[c.Namespaces.Normalize(title)]
}

// NormalizeTitle normalizes a title by the corpus's wiki rules.
func (c *Corpus) NormalizeTitle(title string) string { return c.Namespaces.Normalize(title) }

// Find is Page with an error that suggests near titles.
func (c *Corpus) Find(title string) (*Page, error) {
	if p := c.Page(title); p != nil {
		return p, nil
	}
	var near []string
	lt := strings.ToLower(title)
	for _, p := range c.Pages {
		if strings.Contains(strings.ToLower(p.Title), lt) || (p.Game != "" && strings.Contains(lt, p.Game)) {
			near = append(near, p.Title)
		}
	}
	if len(near) > 0 {
		if len(near) > 5 {
			near = near[:5]
		}
		return nil, fmt.Errorf("no page titled %q (did you mean %s?)", title, strings.Join(near, ", "))
	}
	return nil, fmt.Errorf("no page titled %q", title)
}
