package pull

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/wikirules/wikirules/corpus/mwapi"
	"github.com/wikirules/wikirules/model"
)

// Options configure a pull.
type Options struct {
	// API is the wiki's api.php URL; "" uses the store's.
	API string
	// Dir is the store.
	Dir string
	// Selection chooses the pages; nil keeps the store's (for a new store:
	// every page of the main namespace, with the templates they use).
	Selection *Selection
	// Full fetches every page's whole history again instead of only the
	// new revisions (to repair a store or pick up history changed on the
	// wiki without a new revision: imports, revision deletion).
	Full bool
	// Media, when set, is a directory to download the uploaded files that
	// the pages use into (what `build --media` reads).
	Media string
	// Client configures the API client: User-Agent, rate, retries, maxlag.
	Client mwapi.Options
	// Progress, when set, is called as the pull advances.
	Progress func(Progress)
}

// Progress is where a pull is.
type Progress struct {
	Phase     string // "listing", "pages" or "media"
	Done      int    // pages (or files) done in this phase
	Total     int    // pages (or files) to do in this phase
	Revisions int    // revisions fetched so far
	Bytes     int64  // bytes of wikitext fetched so far
	Requests  int    // API requests so far
}

// entry is a page the store is to hold after this pull.
type entry struct {
	ID        int64
	NS        int
	Title     string
	LastRevID int64
	Template  bool
	File      string

	old    *PageState        // the page in the state, if any
	action action            // what this pull does to it
	prev   []*model.Revision // old revisions read ahead (renamed files)
}

type action uint8

const (
	keep    action = iota // nothing changed
	create                // new to the store: whole history (or since)
	update                // new revisions: fetch those only
	refetch               // whole history again (Full, or a damaged file)
	rewrite               // same revisions, new title or file
)

var actionNames = [...]string{"", "new", "updated", "refetched", "renamed"}

type puller struct {
	opts     Options
	dir      string
	client   *mwapi.Client
	site     *mwapi.SiteInfo
	siteInfo *model.SiteInfo // the same, as the page files write it
	state    *State
	sel      Selection
	since    time.Time
	entries  map[int64]*entry
	sum      *Summary
	lastSave time.Time
	// dirty is set once the store's pages changed: from then on the state
	// is worth saving even if the pull fails.
	dirty bool
}

// Pull brings the store in opts.Dir up to date with the wiki.
func Pull(ctx context.Context, opts Options) (*Summary, error) {
	start := time.Now()
	if opts.Dir == "" {
		return nil, errors.New("pull: no store directory")
	}
	// A bad URL, or none for a new store, is an error before anything is
	// created.
	if opts.API != "" {
		if _, err := mwapi.New(opts.API, opts.Client); err != nil {
			return nil, err
		}
	} else if _, err := os.Stat(filepath.Join(opts.Dir, StateFile)); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s is a new store: give the wiki's api.php URL (--api)", opts.Dir)
	}
	p := &puller{opts: opts, dir: opts.Dir, entries: map[int64]*entry{}, sum: &Summary{Dir: opts.Dir}}
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockStore(p.dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if err := p.open(); err != nil {
		return nil, err
	}
	p.client, err = mwapi.New(p.state.API, opts.Client)
	if err != nil {
		return nil, err
	}
	p.sum.API = p.client.API()
	err = p.run(ctx)
	p.apiWarnings()
	p.sum.Warnings.Sort()
	st := p.client.Stats()
	p.sum.Requests, p.sum.Retries = st.Requests, st.Retries
	p.sum.Pages = len(p.state.Pages)
	p.sum.Elapsed = time.Since(start)
	if err != nil {
		// Keep what was done: the state describes the pages written.
		if p.dirty {
			if _, serr := p.state.save(p.dir); serr != nil {
				err = errors.Join(err, serr)
			}
		}
		return p.sum, err
	}
	return p.sum, nil
}

// open reads (or starts) the store's state.
func (p *puller) open() error {
	st, err := ReadState(p.dir)
	if err != nil {
		return err
	}
	if st == nil {
		empty, err := storeEmpty(p.dir)
		if err != nil {
			return err
		}
		if !empty {
			return fmt.Errorf("%s is not empty and has no %s: wikirules pull keeps a store of its own there; give an empty or new directory", p.dir, StateFile)
		}
		if p.opts.API == "" {
			return fmt.Errorf("%s is a new store: give the wiki's api.php URL (--api)", p.dir)
		}
		st = &State{Format: stateFormat, API: p.opts.API}
	} else if p.opts.API != "" && p.opts.API != st.API {
		return fmt.Errorf("%s holds pages of %s, not %s: pull another wiki into another directory", p.dir, st.API, p.opts.API)
	}
	if p.opts.Selection != nil {
		st.Selection = *p.opts.Selection
	}
	p.state, p.sel = st, st.Selection
	if p.sel.Since != "" {
		t, err := parseTime(p.sel.Since)
		if err != nil {
			return fmt.Errorf("since %q: %w", p.sel.Since, err)
		}
		p.since = t
	}
	return nil
}

func parseTime(s string) (time.Time, error) {
	for _, layout := range []string{model.TimeLayout, time.RFC3339, "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, errors.New("expected a time like 2024-11-15T16:30:17Z or a date like 2024-11-15")
}

func (p *puller) progress(phase string, done, total int) {
	if p.opts.Progress == nil {
		return
	}
	p.opts.Progress(Progress{Phase: phase, Done: done, Total: total, Revisions: p.sum.Revisions, Bytes: p.sum.Bytes,
		Requests: p.client.Stats().Requests})
}

// warn adds a warning about a page (title; "" for none) to the summary.
func (p *puller) warn(title string, id model.MsgID, format string, args ...any) {
	p.warnMsg(model.Msg{Page: title, ID: id, Text: fmt.Sprintf(format, args...)})
}

// warnMsg adds m, a warning placed as it says, to the summary.
func (p *puller) warnMsg(m model.Msg) {
	m.Severity = model.SevWarning
	p.sum.Warnings = append(p.sum.Warnings, m)
}

func (p *puller) run(ctx context.Context) error {
	var err error
	if p.site, err = p.client.SiteInfo(ctx); err != nil {
		return err
	}
	p.sum.Site = p.site.Name
	p.siteInfo = siteInfo(p.site)
	// A selection the wiki cannot answer is an error before anything is
	// written.
	if _, err := p.namespaces(); err != nil {
		return err
	}
	fresh := p.state.Site == "" && len(p.state.Pages) == 0
	p.state.Site = p.site.Name
	if fresh {
		// A new store is marked as one before any page is written, so a
		// pull killed now is finished by the next one.
		if _, err := p.state.save(p.dir); err != nil {
			return err
		}
	}
	p.progress("listing", 0, 0)
	if err := p.list(ctx); err != nil {
		return err
	}
	if !p.sel.NoTemplates {
		if err := p.listTemplates(ctx); err != nil {
			return err
		}
	}
	work, removed, err := p.plan(ctx)
	if err != nil {
		return err
	}
	if err := p.remove(removed); err != nil {
		return err
	}
	if err := p.pages(ctx, work); err != nil {
		return err
	}
	if err := p.sweep(); err != nil {
		return err
	}
	if p.opts.Media != "" {
		if err := p.media(ctx); err != nil {
			return err
		}
	}
	_, err = p.state.save(p.dir)
	return err
}

// apiWarnings adds what the wiki warned about (a parameter it does not
// know, say, on an old MediaWiki) to the summary.
func (p *puller) apiWarnings() {
	for _, w := range p.client.Warnings() {
		p.warn("", model.MsgWikiWarning, "the wiki warns: %s", w)
	}
}

// add records a listed page.
func (p *puller) add(pg mwapi.Page, template bool) {
	if pg.Missing || pg.Invalid || pg.ID == 0 {
		return
	}
	if e, ok := p.entries[pg.ID]; ok {
		e.Template = e.Template && template
		return
	}
	p.entries[pg.ID] = &entry{ID: pg.ID, NS: pg.NS, Title: pg.Title, LastRevID: pg.LastRevID, Template: template}
}

// namespaces resolves the selection's namespaces (default: main).
func (p *puller) namespaces() ([]int, error) {
	if len(p.sel.Namespaces) == 0 {
		return []int{0}, nil
	}
	var ids []int
	for _, n := range p.sel.Namespaces {
		id, ok := p.site.NamespaceID(n)
		if !ok {
			all := append([]mwapi.Namespace(nil), p.site.Namespaces...)
			sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
			var names []string
			for _, ns := range all {
				switch {
				case ns.ID == 0:
					names = append(names, "0 (main)")
				case ns.ID > 0:
					names = append(names, fmt.Sprintf("%d %s", ns.ID, ns.Name))
				}
			}
			return nil, fmt.Errorf("namespace %q: the wiki has no such namespace (it has: %s)", n, strings.Join(names, ", "))
		}
		if id < 0 {
			return nil, fmt.Errorf("namespace %q: special namespaces hold no pages", n)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// list lists the selected pages with their latest revision ids.
func (p *puller) list(ctx context.Context) error {
	nss, err := p.namespaces()
	if err != nil {
		return err
	}
	pages := func(params url.Values) error {
		params.Set("prop", "info")
		return p.client.Pages(ctx, params, func(pg mwapi.Page) error {
			p.add(pg, false)
			p.progress("listing", len(p.entries), 0)
			return nil
		})
	}
	allpages := func(ns int, prefix string) error {
		params := url.Values{"generator": {"allpages"}, "gapnamespace": {strconv.Itoa(ns)}, "gaplimit": {"max"}}
		if prefix != "" {
			params.Set("gapprefix", prefix)
		}
		return pages(params)
	}
	s := p.sel
	if len(s.Prefixes) == 0 && len(s.Categories) == 0 && len(s.Titles) == 0 {
		for _, ns := range nss {
			if err := allpages(ns, ""); err != nil {
				return err
			}
		}
	}
	for _, prefix := range s.Prefixes {
		ns, rest := p.site.SplitTitle(prefix)
		in := nss
		if ns != 0 {
			in = []int{ns}
		}
		for _, n := range in {
			if err := allpages(n, rest); err != nil {
				return err
			}
		}
	}
	for _, cat := range s.Categories {
		title := cat
		if ns, rest := p.site.SplitTitle(cat); ns == model.NSCategory {
			title = rest
		}
		before := len(p.entries)
		params := url.Values{"generator": {"categorymembers"}, "gcmtitle": {"Category:" + title},
			"gcmlimit": {"max"}, "gcmtype": {"page|file"}}
		if len(s.Namespaces) > 0 {
			params.Set("gcmnamespace", joinInts(nss))
		}
		if err := pages(params); err != nil {
			return err
		}
		if len(p.entries) == before {
			p.warn("Category:"+title, model.MsgSelection, "no pages in the category (or none that are not already selected)")
		}
	}
	for i := 0; i < len(s.Titles); i += 50 {
		batch := s.Titles[i:min(i+50, len(s.Titles))]
		err := p.client.Pages(ctx, url.Values{"titles": {strings.Join(batch, "|")}, "prop": {"info"}}, func(pg mwapi.Page) error {
			if pg.Missing || pg.Invalid {
				p.warn(pg.Title, model.MsgSelection, "no such page on the wiki")
			}
			p.add(pg, false)
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// listTemplates adds the pages the selected pages transclude.
func (p *puller) listTemplates(ctx context.Context) error {
	ids := p.sortedIDs(func(e *entry) bool { return !e.Template })
	for i := 0; i < len(ids); i += 50 {
		params := url.Values{"generator": {"templates"}, "pageids": {joinIDs(ids[i:min(i+50, len(ids))])},
			"gtllimit": {"max"}, "prop": {"info"}}
		err := p.client.Pages(ctx, params, func(pg mwapi.Page) error {
			p.add(pg, true)
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (p *puller) sortedIDs(keep func(*entry) bool) []int64 {
	var ids []int64
	for id, e := range p.entries {
		if keep(e) {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// removal is a page of the state that leaves the store.
type removal struct {
	old    PageState
	reason string
}

// plan compares the listing with the state: what to fetch, rewrite or
// remove.
func (p *puller) plan(ctx context.Context) ([]*entry, []removal, error) {
	// Copies: the state's slice changes as pages are removed and written.
	byID := map[int64]*PageState{}
	for _, ps := range p.state.Pages {
		byID[ps.ID] = &ps
	}
	var all []*entry
	for _, e := range p.entries {
		all = append(all, e)
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Title != all[j].Title {
			return all[i].Title < all[j].Title
		}
		return all[i].ID < all[j].ID
	})
	assignFiles(all)

	// Pages that leave the store: deleted, or no longer selected.
	var gone []int64
	for id := range byID {
		if p.entries[id] == nil {
			gone = append(gone, id)
		}
	}
	sort.Slice(gone, func(i, j int) bool { return gone[i] < gone[j] })
	why := map[int64]string{}
	for i := 0; i < len(gone); i += 50 {
		err := p.client.Pages(ctx, url.Values{"pageids": {joinIDs(gone[i:min(i+50, len(gone))])}, "prop": {"info"}}, func(pg mwapi.Page) error {
			old := byID[pg.ID]
			switch {
			case pg.Missing || old == nil:
				// formatversion=2 reports a missing page id without its id.
			case old.Template:
				why[pg.ID] = "no longer used by the selected pages"
			case pg.Title != old.Title:
				why[pg.ID] = fmt.Sprintf("renamed to %q, which is not selected", pg.Title)
			default:
				why[pg.ID] = "no longer selected"
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	var removed []removal
	for _, id := range gone {
		r := removal{old: *byID[id], reason: why[id]}
		if r.reason == "" {
			r.reason = "deleted on the wiki"
		}
		removed = append(removed, r)
	}
	sort.Slice(removed, func(i, j int) bool { return removed[i].old.Title < removed[j].old.Title })

	var work []*entry
	for _, e := range all {
		e.old = byID[e.ID]
		switch {
		case e.old == nil:
			e.action = create
		case p.opts.Full:
			e.action = refetch
		case !p.fileOK(e.old.File):
			p.warn(e.Title, model.MsgRefetch, "%s is missing; fetching the page's history again", e.old.File)
			e.action = refetch
		case e.old.LastRevID != e.LastRevID:
			e.action = update
		case e.old.Title != e.Title || e.old.File != e.File || e.old.NS != e.NS:
			e.action = rewrite
		default:
			e.action = keep
			if e.old.Template != e.Template {
				// Now selected itself, or now only used as a template.
				ps := *e.old
				ps.Template = e.Template
				p.setState(ps)
			}
		}
		if e.action != keep {
			work = append(work, e)
		}
	}
	// A page whose file changes reads its old file now: another page may
	// take that name before its turn comes.
	for _, e := range work {
		if (e.action == update || e.action == rewrite) && e.old.File != e.File {
			revs, err := readPage(p.dir, e.old.File)
			if err != nil {
				p.warn(e.Title, model.MsgRefetch, "cannot read %s (%v); fetching the page's history again", e.old.File, err)
				e.action = refetch
				continue
			}
			e.prev = revs
		}
	}
	return work, removed, nil
}

func (p *puller) fileOK(file string) bool {
	st, err := os.Stat(filepath.Join(p.dir, filepath.FromSlash(file)))
	return err == nil && st.Mode().IsRegular()
}

// remove sets aside the files of pages that leave the store.
func (p *puller) remove(removed []removal) error {
	if len(removed) == 0 {
		return nil
	}
	claimed := map[string]bool{}
	for _, e := range p.entries {
		claimed[e.File] = true
	}
	drop := map[int64]bool{}
	for _, r := range removed {
		var err error
		if claimed[r.old.File] {
			err = copyAside(p.dir, r.old.File)
		} else {
			err = setAside(p.dir, r.old.File, "")
		}
		if err != nil {
			return err
		}
		drop[r.old.ID] = true
		p.sum.Removed++
		p.sum.Changes = append(p.sum.Changes, Change{Title: r.old.Title, Change: "removed", Reason: r.reason,
			File: removedDir + "/" + filepath.Base(r.old.File)})
	}
	kept := p.state.Pages[:0]
	for _, ps := range p.state.Pages {
		if !drop[ps.ID] {
			kept = append(kept, ps)
		}
	}
	p.state.Pages = kept
	p.dirty = true
	_, err := p.state.save(p.dir)
	return err
}

// pages fetches and writes the pages of the plan, oldest title first.
func (p *puller) pages(ctx context.Context, work []*entry) error {
	claimed := map[string]bool{}
	for _, e := range p.entries {
		claimed[e.File] = true
	}
	p.lastSave = time.Now()
	for i, e := range work {
		p.progress("pages", i, len(work))
		if err := p.page(ctx, e, claimed); err != nil {
			return err
		}
		// The state follows the pages now and then, so that a pull
		// stopped halfway does not fetch them again.
		if time.Since(p.lastSave) > 5*time.Second {
			if _, err := p.state.save(p.dir); err != nil {
				return err
			}
			p.lastSave = time.Now()
		}
	}
	p.progress("pages", len(work), len(work))
	return nil
}

// page brings one page up to date.
func (p *puller) page(ctx context.Context, e *entry, claimed map[string]bool) error {
	var old []*model.Revision
	var err error
	if e.action == update || e.action == rewrite {
		old = e.prev
		if old == nil {
			if old, err = readPage(p.dir, e.old.File); err != nil {
				p.warn(e.Title, model.MsgRefetch, "cannot read %s (%v); fetching the page's history again", e.old.File, err)
				e.action, old = refetch, nil
			}
		}
	}
	var fetched []*model.Revision
	switch e.action {
	case create:
		if p.since.IsZero() {
			fetched, err = p.fetchAll(ctx, e)
		} else {
			fetched, err = p.fetchSince(ctx, e)
		}
	case refetch:
		fetched, err = p.fetchAll(ctx, e)
	case update:
		var ok bool
		fetched, ok, err = p.fetchAfter(ctx, e, e.old.LastRevID)
		if err == nil && !ok {
			// The stored latest revision is no longer in the page's
			// history (deleted, or the history was merged): start over.
			p.warn(e.Title, model.MsgRefetch, "revision %d is no longer in the page's history; fetching the history again", e.old.LastRevID)
			e.action, old = refetch, nil
			fetched, err = p.fetchAll(ctx, e)
		}
	}
	if err != nil {
		return err
	}
	revs, added := mergeRevisions(old, fetched)
	if len(revs) == 0 {
		p.warn(e.Title, model.MsgLeftOut, "no revision could be fetched (deleted meanwhile?); left out")
		return nil
	}
	data, err := encodePage(p.siteInfo, e, revs)
	if err != nil {
		return fmt.Errorf("%s: %w", e.Title, err)
	}
	wrote, err := writeIfChanged(filepath.Join(p.dir, filepath.FromSlash(e.File)), data)
	if err != nil {
		return err
	}
	if e.old != nil && e.old.File != e.File && !claimed[e.old.File] {
		if err := os.Remove(filepath.Join(p.dir, filepath.FromSlash(e.old.File))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	for _, r := range fetched {
		p.sum.Bytes += int64(len(r.Text))
	}
	p.sum.Revisions += added
	ps := PageState{ID: e.ID, Title: e.Title, NS: e.NS, File: e.File, LastRevID: revs[len(revs)-1].ID, Revisions: len(revs), Template: e.Template}
	// The listing's latest revision id is the page's, even when the
	// newest revision by time is an older import.
	if e.LastRevID != 0 {
		ps.LastRevID = e.LastRevID
	}
	p.setState(ps)
	if !wrote && e.action != create {
		return nil
	}
	c := Change{Title: e.Title, Change: actionNames[e.action], Revisions: added, File: e.File}
	if e.old != nil {
		switch {
		case e.old.Title != e.Title:
			c.FromTitle, c.Change = e.old.Title, "renamed"
		case e.action == rewrite:
			c.Change = "updated" // a new file name only
		}
		if last := latestBefore(old, e.old.LastRevID); last != nil {
			c.From = model.FormatTime(last.Timestamp)
			c.FromRevID = last.ID
		}
	}
	switch c.Change {
	case "new":
		p.sum.New++
	case "renamed":
		p.sum.Renamed++
	default:
		p.sum.Updated++
	}
	p.sum.Changes = append(p.sum.Changes, c)
	return nil
}

// latestBefore finds the revision that was the page's latest before this
// pull.
func latestBefore(old []*model.Revision, id int64) *model.Revision {
	for _, r := range old {
		if r.ID == id {
			return r
		}
	}
	if len(old) > 0 {
		return old[len(old)-1]
	}
	return nil
}

func (p *puller) setState(ps PageState) {
	p.dirty = true
	for i := range p.state.Pages {
		if p.state.Pages[i].ID == ps.ID {
			p.state.Pages[i] = ps
			return
		}
	}
	p.state.Pages = append(p.state.Pages, ps)
}

// fetchAll fetches a page's whole history.
func (p *puller) fetchAll(ctx context.Context, e *entry) ([]*model.Revision, error) {
	return p.fetch(ctx, e, mwapi.RevisionQuery{PageID: e.ID})
}

// fetchSince fetches the revisions from the selection's since time on, and
// the one that was current then.
func (p *puller) fetchSince(ctx context.Context, e *entry) ([]*model.Revision, error) {
	before, err := p.fetch(ctx, e, mwapi.RevisionQuery{PageID: e.ID, Start: p.since, Older: true, Limit: 1})
	if err != nil {
		return nil, err
	}
	after, err := p.fetch(ctx, e, mwapi.RevisionQuery{PageID: e.ID, Start: p.since})
	if err != nil {
		return nil, err
	}
	revs, _ := mergeRevisions(before, after)
	return revs, nil
}

// fetchAfter fetches the revisions after revision from. ok is false when
// from is no longer in the page's history.
func (p *puller) fetchAfter(ctx context.Context, e *entry, from int64) ([]*model.Revision, bool, error) {
	revs, err := p.fetch(ctx, e, mwapi.RevisionQuery{PageID: e.ID, StartID: from})
	var ae *mwapi.APIError
	if errors.As(err, &ae) && (ae.Code == "nosuchrevid" || strings.HasPrefix(ae.Code, "badid")) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if len(revs) == 0 || revs[0].ID != from {
		return nil, false, nil
	}
	return revs[1:], true, nil
}

// fetch runs a revision query and checks every revision.
func (p *puller) fetch(ctx context.Context, e *entry, rq mwapi.RevisionQuery) ([]*model.Revision, error) {
	var out []*model.Revision
	err := p.client.Revisions(ctx, rq, func(pg mwapi.Page) error {
		if pg.Missing {
			return nil
		}
		for _, r := range pg.Revisions {
			rev, err := p.revision(e, r)
			if err != nil {
				return err
			}
			if rev != nil {
				out = append(out, rev)
			}
		}
		return nil
	})
	return out, err
}

// revision turns an API revision into ours after checking its text
// against the SHA-1 and size the wiki gives. Parts the wiki hides
// (revision deletion) are marked deleted, as an export marks them.
func (p *puller) revision(e *entry, r mwapi.Revision) (*model.Revision, error) {
	where := fmt.Sprintf("%s?action=query&prop=revisions&revids=%d", p.client.API(), r.ID)
	if r.Timestamp.IsZero() {
		return nil, fmt.Errorf("%s: %s revision %d: expected a timestamp, found none", where, e.Title, r.ID)
	}
	rev := &model.Revision{ID: r.ID, ParentID: r.ParentID, Timestamp: r.Timestamp.UTC(), Author: r.User, AuthorID: r.UserID,
		Summary: r.Comment, Minor: r.Minor, Size: r.Size}
	if r.UserHidden {
		rev.Deleted |= model.DeletedAuthor
		rev.Author, rev.AuthorID = "", 0
	}
	if r.CommentHidden {
		rev.Deleted |= model.DeletedSummary
		rev.Summary = ""
	}
	rev.Section = model.Autocomment(rev.Summary)
	slot, ok := r.MainSlot()
	if !ok {
		return nil, fmt.Errorf("%s: %s revision %d: expected the revision's content (slots.main), found none", where, e.Title, r.ID)
	}
	if slot.ContentModel != "wikitext" {
		rev.Main.Model = slot.ContentModel
	}
	if slot.ContentFormat != "text/x-wiki" {
		rev.Main.Format = slot.ContentFormat
	}
	if slot.TextHidden || slot.TextMissing || slot.Content == nil {
		// Kept as a deleted revision: the page's history shows it, and
		// no reader takes it for a blanking.
		rev.Deleted |= model.DeletedText
		if !r.SHA1Hidden {
			rev.SHA1 = strings.ToLower(r.SHA1)
		}
		p.warnMsg(model.Msg{Page: e.Title, Rev: model.FormatTime(r.Timestamp), ID: model.MsgHiddenText,
			Text: fmt.Sprintf("revision %d: its text is hidden on the wiki (revision deletion); kept as deleted", r.ID)})
		return rev, nil
	}
	text := *slot.Content
	sum := model.TextSHA1(text)
	if r.SHA1 != "" && !r.SHA1Hidden && !strings.EqualFold(r.SHA1, sum) {
		return nil, fmt.Errorf("%s: %s revision %d: the text's SHA-1 is %s but the wiki says %s (damaged in transit?)", where, e.Title, r.ID, sum, r.SHA1)
	}
	if r.Size != len(text) {
		return nil, fmt.Errorf("%s: %s revision %d: the text has %d bytes but the wiki says %d (damaged in transit?)", where, e.Title, r.ID, len(text), r.Size)
	}
	rev.Text, rev.SHA1, rev.Size = text, sum, len(text)
	return rev, nil
}

// sweep removes what an interrupted pull may have left in pages/: files no
// page of the state claims (set aside) and temporary files (deleted).
func (p *puller) sweep() error {
	ents, err := os.ReadDir(filepath.Join(p.dir, pagesDir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	claimed := map[string]bool{}
	for _, ps := range p.state.Pages {
		claimed[ps.File] = true
	}
	for _, de := range ents {
		name := de.Name()
		file := pagesDir + "/" + name
		switch {
		case strings.HasPrefix(name, ".") && strings.Contains(name, ".xml.tmp-"):
			if err := os.Remove(filepath.Join(p.dir, pagesDir, name)); err != nil {
				return err
			}
		case claimed[file] || de.IsDir():
		default:
			if err := setAside(p.dir, file, ""); err != nil {
				return err
			}
			p.warnMsg(model.Msg{File: file, ID: model.MsgStrayFile, Text: "not a page of the store; moved to " + removedDir + "/"})
		}
	}
	return nil
}

func joinIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, "|")
}

func joinInts(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(id)
	}
	return strings.Join(s, "|")
}
