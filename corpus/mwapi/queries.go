package mwapi

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// SiteInfo is what a wiki says about itself (meta=siteinfo).
type SiteInfo struct {
	Name       string // $wgSitename
	WikiID     string // the wiki's database name ("enwiki")
	Generator  string // "MediaWiki 1.39.17"
	Base       string // the main page's URL
	Case       string // "first-letter" or "case-sensitive"
	Namespaces []Namespace
}

// Namespace is one of the wiki's namespaces.
type Namespace struct {
	ID        int
	Name      string   // the local name ("Template"; "" for the main namespace)
	Canonical string   // the English name
	Case      string   // "first-letter" or "case-sensitive"
	Aliases   []string // other names
}

// SiteInfo asks the wiki for its name, version and namespaces.
func (c *Client) SiteInfo(ctx context.Context) (*SiteInfo, error) {
	var q struct {
		General struct {
			SiteName  string `json:"sitename"`
			WikiID    string `json:"wikiid"`
			Generator string `json:"generator"`
			Base      string `json:"base"`
			Case      string `json:"case"`
		} `json:"general"`
		Namespaces map[string]struct {
			ID        int    `json:"id"`
			Name      string `json:"name"`
			Canonical string `json:"canonical"`
			Case      string `json:"case"`
		} `json:"namespaces"`
		NamespaceAliases []struct {
			ID    int    `json:"id"`
			Alias string `json:"alias"`
		} `json:"namespacealiases"`
	}
	params := url.Values{"action": {"query"}, "meta": {"siteinfo"}, "siprop": {"general|namespaces|namespacealiases"}}
	if _, err := c.Get(ctx, params, &q); err != nil {
		return nil, err
	}
	if q.General.SiteName == "" && q.General.Generator == "" {
		return nil, fmt.Errorf("%s: expected the wiki's siteinfo (name, version), got none: is this a MediaWiki api.php?", c.api)
	}
	si := &SiteInfo{Name: q.General.SiteName, WikiID: q.General.WikiID, Generator: q.General.Generator, Base: q.General.Base, Case: q.General.Case}
	for _, ns := range q.Namespaces {
		n := Namespace{ID: ns.ID, Name: ns.Name, Canonical: ns.Canonical, Case: ns.Case}
		for _, a := range q.NamespaceAliases {
			if a.ID == ns.ID {
				n.Aliases = append(n.Aliases, a.Alias)
			}
		}
		si.Namespaces = append(si.Namespaces, n)
	}
	sort.Slice(si.Namespaces, func(i, j int) bool { return si.Namespaces[i].ID < si.Namespaces[j].ID })
	return si, nil
}

// NamespaceID resolves a namespace given by number, local name, canonical
// name or alias ("Template", "template", "10"; "" or "Main" is 0).
func (si *SiteInfo) NamespaceID(name string) (int, bool) {
	name = strings.TrimSpace(strings.ReplaceAll(name, "_", " "))
	if n, err := strconv.Atoi(name); err == nil {
		for _, ns := range si.Namespaces {
			if ns.ID == n {
				return n, true
			}
		}
		return 0, false
	}
	if name == "" || strings.EqualFold(name, "main") || strings.EqualFold(name, "(main)") {
		return 0, true
	}
	for _, ns := range si.Namespaces {
		if ns.ID == 0 {
			continue
		}
		if strings.EqualFold(ns.Name, name) || strings.EqualFold(ns.Canonical, name) {
			return ns.ID, true
		}
		for _, a := range ns.Aliases {
			if strings.EqualFold(a, name) {
				return ns.ID, true
			}
		}
	}
	return 0, false
}

// SplitTitle splits "Template:Die" into the namespace's id and "Die"; a
// title without a known namespace prefix is in the main namespace.
func (si *SiteInfo) SplitTitle(title string) (int, string) {
	if i := strings.IndexByte(title, ':'); i > 0 {
		if id, ok := si.NamespaceID(title[:i]); ok && id != 0 {
			return id, strings.TrimSpace(title[i+1:])
		}
	}
	return 0, title
}

// NamespaceName is the local name of namespace id ("" for the main
// namespace and unknown ones).
func (si *SiteInfo) NamespaceName(id int) string {
	for _, ns := range si.Namespaces {
		if ns.ID == id {
			return ns.Name
		}
	}
	return ""
}

// Page is a page in a query result.
type Page struct {
	ID        int64       `json:"pageid"`
	NS        int         `json:"ns"`
	Title     string      `json:"title"`
	Missing   bool        `json:"missing"`
	Invalid   bool        `json:"invalid"`
	Redirect  bool        `json:"redirect"`
	LastRevID int64       `json:"lastrevid"`
	Length    int         `json:"length"`
	Revisions []Revision  `json:"revisions"`
	ImageInfo []ImageInfo `json:"imageinfo"`
	// ImageRepository is "local" for a file uploaded to this wiki,
	// "shared" for one from a shared repository (Commons), "" when the
	// file does not exist.
	ImageRepository string `json:"imagerepository"`
}

// Revision is a revision in a query result (prop=revisions).
type Revision struct {
	ID            int64           `json:"revid"`
	ParentID      int64           `json:"parentid"`
	Minor         bool            `json:"minor"`
	User          string          `json:"user"`
	UserID        int64           `json:"userid"`
	UserHidden    bool            `json:"userhidden"`
	Anon          bool            `json:"anon"`
	Timestamp     time.Time       `json:"timestamp"`
	Comment       string          `json:"comment"`
	CommentHidden bool            `json:"commenthidden"`
	SHA1          string          `json:"sha1"`
	SHA1Hidden    bool            `json:"sha1hidden"`
	Size          int             `json:"size"`
	Slots         map[string]Slot `json:"slots"`
	// Content is where wikis older than MediaWiki 1.32 (no rvslots) put
	// the text; MainSlot reads either.
	Content    *string `json:"content"`
	TextHidden bool    `json:"texthidden"`
}

// MainSlot returns the revision's main content slot, from slots.main or,
// on wikis before content slots, from the revision itself.
func (r *Revision) MainSlot() (Slot, bool) {
	if s, ok := r.Slots["main"]; ok {
		return s, true
	}
	if r.Content != nil || r.TextHidden {
		return Slot{Content: r.Content, TextHidden: r.TextHidden}, true
	}
	return Slot{}, false
}

// Slot is a revision's content slot (rvslots=main).
type Slot struct {
	ContentModel  string  `json:"contentmodel"`
	ContentFormat string  `json:"contentformat"`
	Content       *string `json:"content"`
	TextHidden    bool    `json:"texthidden"`
	TextMissing   bool    `json:"textmissing"`
}

// ImageInfo describes an uploaded file (prop=imageinfo).
type ImageInfo struct {
	URL        string    `json:"url"`
	SHA1       string    `json:"sha1"`
	Size       int64     `json:"size"`
	Timestamp  time.Time `json:"timestamp"`
	FileHidden bool      `json:"filehidden"`
}

type pagesQuery struct {
	Pages []Page `json:"pages"`
}

// Pages runs a query whose result is a list of pages (a generator, or
// titles=/pageids=) and calls fn for every page of every batch.
func (c *Client) Pages(ctx context.Context, params url.Values, fn func(Page) error) error {
	return c.Query(ctx, params, func() any { return &pagesQuery{} }, func(q any) error {
		for _, p := range q.(*pagesQuery).Pages {
			if err := fn(p); err != nil {
				return err
			}
		}
		return nil
	})
}

// RevisionProps are the revision properties Revisions asks for.
const RevisionProps = "ids|flags|timestamp|user|userid|comment|sha1|size|content"

// RevisionQuery chooses revisions of one page.
type RevisionQuery struct {
	PageID int64
	// StartID starts the listing at this revision (included); 0: at the
	// first (or at Start).
	StartID int64
	// Start starts the listing at this time (included) when StartID is 0.
	Start time.Time
	// Older lists from newer to older revisions (default: oldest first).
	Older bool
	// Limit stops after this many revisions (0: all).
	Limit int
}

// Revisions lists revisions of one page with their content, following
// continuation, and calls fn with each batch (about 50 revisions).
func (c *Client) Revisions(ctx context.Context, rq RevisionQuery, fn func(p Page) error) error {
	params := url.Values{
		"prop":    {"revisions"},
		"pageids": {strconv.FormatInt(rq.PageID, 10)},
		"rvprop":  {RevisionProps},
		"rvslots": {"main"},
		"rvlimit": {"max"},
		"rvdir":   {"newer"},
	}
	if rq.Older {
		params.Set("rvdir", "older")
	}
	if rq.Limit > 0 && rq.Limit < 50 {
		params.Set("rvlimit", strconv.Itoa(rq.Limit))
	}
	if rq.StartID > 0 {
		params.Set("rvstartid", strconv.FormatInt(rq.StartID, 10))
	} else if !rq.Start.IsZero() {
		params.Set("rvstart", rq.Start.UTC().Format(time.RFC3339))
	}
	n := 0
	errStop := fmt.Errorf("stop")
	err := c.Query(ctx, params, func() any { return &pagesQuery{} }, func(q any) error {
		for _, p := range q.(*pagesQuery).Pages {
			if rq.Limit > 0 && n+len(p.Revisions) > rq.Limit {
				p.Revisions = p.Revisions[:rq.Limit-n]
			}
			n += len(p.Revisions)
			if err := fn(p); err != nil {
				return err
			}
		}
		if rq.Limit > 0 && n >= rq.Limit {
			return errStop
		}
		return nil
	})
	if err == errStop {
		return nil
	}
	return err
}
