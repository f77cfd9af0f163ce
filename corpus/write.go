package corpus

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/corpus/mwxml"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/model"
)

// DefaultFeedHeader is the header line of a written feed, as the wiki's
// contributions listing writes it.
const DefaultFeedHeader = "Wiki - User contributions [en]"

// WriteFeed writes every revision of c as one contribution feed, newest
// first (then by title), as a contributions listing shows them.
func WriteFeed(w io.Writer, c *model.Corpus, header string) error {
	if header == "" {
		header = DefaultFeedHeader
	}
	f := &feed.Feed{Header: header}
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			f.Entries = append(f.Entries, feed.Entry{Title: p.Title, Rev: r})
		}
	}
	sort.SliceStable(f.Entries, func(i, j int) bool {
		a, b := f.Entries[i], f.Entries[j]
		if !a.Rev.Timestamp.Equal(b.Rev.Timestamp) {
			return a.Rev.Timestamp.After(b.Rev.Timestamp)
		}
		return a.Title < b.Title
	})
	return feed.Write(w, f)
}

// WriteXML writes c as one MediaWiki XML export (schema 0.11), oldest
// revision first per page. Revisions without a wiki id get fresh ones above
// every id in use, each the parent of the next.
func WriteXML(w io.Writer, c *model.Corpus, siteName string) error {
	pages := make([]mwxml.Page, 0, len(c.Pages))
	revID := int64(0)
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			revID = max(revID, r.ID)
		}
	}
	for i, p := range c.Pages {
		xp := mwxml.Page{Title: p.Title, Namespace: p.Namespace, ID: int64(i + 1)}
		parent := int64(0)
		for _, r := range p.Revisions {
			rc := *r
			if rc.ID == 0 {
				revID++
				rc.ID = revID
				rc.ParentID = parent
			}
			parent = rc.ID
			xp.Revisions = append(xp.Revisions, &rc)
		}
		pages = append(pages, xp)
	}
	return mwxml.Write(w, siteName, pages)
}

// TitlesFile, in a directory WriteWikiDir wrote, maps the names of files
// that FileNameForTitle shortened to their titles (a JSON object), so
// reading the directory back gives the same titles.
const TitlesFile = atomic.MarkerDir + "/titles.json"

// WriteWikiDir writes the latest revision of every page as
// dir/<title>.wiki (FileNameForTitle), each file dated by its revision,
// replacing dir as a whole: a failure leaves dir as it was. dir must be
// empty, new, or written by wikirules (atomic.CheckReplaceable).
func WriteWikiDir(c *model.Corpus, dir string) error {
	if err := atomic.CheckNotCurrent(dir); err != nil {
		return err
	}
	if err := atomic.CheckReplaceable(dir); err != nil {
		return err
	}
	tmp, err := atomic.TempDirFor(dir)
	if err != nil {
		return err
	}
	fail := func(err error) error {
		atomic.Discard(tmp)
		return err
	}
	long := map[string]string{}
	for _, p := range c.Pages {
		r := p.Latest()
		if r == nil {
			continue
		}
		base := FileNameForTitle(p.Title)
		if shortenedName(base) {
			long[base] = p.Title
		}
		name := filepath.Join(tmp, base)
		if err := os.WriteFile(name, []byte(r.Text), 0o644); err != nil {
			return fail(fmt.Errorf("writing %s: %w", p.Title, err))
		}
		if !r.Timestamp.IsZero() {
			os.Chtimes(name, r.Timestamp, r.Timestamp)
		}
	}
	if err := atomic.Mark(tmp, "convert --to wiki"); err != nil {
		return fail(err)
	}
	if len(long) > 0 {
		data, err := json.MarshalIndent(long, "", "  ")
		if err != nil {
			return fail(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, filepath.FromSlash(TitlesFile)), append(data, '\n'), 0o644); err != nil {
			return fail(err)
		}
	}
	if err := atomic.ReplaceDir(tmp, dir); err != nil {
		return fail(err)
	}
	return nil
}
