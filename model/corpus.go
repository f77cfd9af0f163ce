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

// Page looks a page up by title; the title is normalized first, so
// "gamehelp_hearts" finds "Gamehelphearts".
func (c *Corpus) Page(title string) *Page {
	if p := c.byTitle[title]; p != nil {
		return p
	}
	return c.byTitle[NormalizeTitle(title)]
}

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
