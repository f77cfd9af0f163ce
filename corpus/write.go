package corpus

import (
	"bytes"
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
//
// A feed cannot say that a text is hidden or absent (an empty text would
// read back as a blanking), so revisions whose text is not in the input are
// left out (Omitted lists them); a hidden author or summary is written as
// the wiki shows it ("(username removed)").
func WriteFeed(w io.Writer, c *model.Corpus, header string) error {
	if header == "" {
		header = DefaultFeedHeader
	}
	f := &feed.Feed{Header: header}
	for _, p := range c.Pages {
		// Newest first within a second too: a page's revisions of one
		// second are listed newest first, as the wiki lists them.
		for i := len(p.Revisions) - 1; i >= 0; i-- {
			r := p.Revisions[i]
			if !r.Visible() {
				continue
			}
			if r.Deleted != 0 {
				rc := *r
				rc.Author, rc.Summary = r.AuthorLabel(), r.SummaryLabel()
				r = &rc
			}
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
// revision first per page, with what the inputs said about the wiki (c.Site:
// names, namespaces, case) or, when none said anything, a <siteinfo> naming
// siteName. Page and revision ids are the inputs' where they had them; pages
// and revisions without one get fresh ids above every id in use (each new
// revision the parent of the next).
func WriteXML(w io.Writer, c *model.Corpus, siteName string) error {
	pages := make([]mwxml.Page, 0, len(c.Pages))
	revID, pageID := int64(0), int64(0)
	for _, p := range c.Pages {
		pageID = max(pageID, p.ID)
		for _, r := range p.Revisions {
			revID = max(revID, r.ID)
		}
	}
	for _, p := range c.Pages {
		xp := mwxml.Page{Title: p.Title, Namespace: p.Namespace, ID: p.ID, Redirect: p.Redirect}
		if xp.ID == 0 {
			pageID++
			xp.ID = pageID
		}
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
	site := c.Site
	if site == nil {
		site = mwxml.DefaultSiteInfo(siteName)
	}
	return mwxml.Write(w, site, pages)
}

// Omitted lists, as warnings, what writing c in format ("feed", "xml" or
// "wiki") leaves out or cannot write faithfully because the format cannot
// carry it: revisions whose text is not in the input, in a feed, and texts
// that would read back as more than one entry; pages without any text, in
// a directory.
func Omitted(c *model.Corpus, format string) model.MsgList {
	var l model.MsgList
	for _, p := range c.Pages {
		switch format {
		case "feed":
			for _, r := range p.Revisions {
				if !r.Visible() {
					why := "its text was deleted on the wiki"
					if r.Stub {
						why = "its text is not in the input"
					}
					l = append(l, model.Msg{File: r.Source.File, Line: r.Source.Line, Severity: model.SevWarning, ID: model.MsgSkipped,
						Text: fmt.Sprintf("%s is not written: %s, and a feed has no way to say so", r.Label(p.Title), why)})
					continue
				}
				if feed.Splits(r.Text) {
					l = append(l, model.Msg{File: r.Source.File, Line: r.Source.Line, Severity: model.SevWarning, ID: model.MsgSkipped,
						Text: fmt.Sprintf("%s: its text holds lines that read as the start of another entry (a title, a timestamp and a user between blank lines); read back, the feed splits it there", r.Label(p.Title))})
				}
			}
		case "wiki":
			if len(p.Revisions) > 0 && p.LatestVisible() == nil {
				r := p.Latest()
				l = append(l, model.Msg{File: r.Source.File, Line: r.Source.Line, Severity: model.SevWarning, ID: model.MsgSkipped,
					Text: fmt.Sprintf("%s is not written: no revision's text is in the input", p.Title)})
			}
		}
	}
	return l
}

// TitlesFile, in a directory WriteWikiDir wrote, maps the names of files
// that FileNameForTitle shortened to their titles (a JSON object), so
// reading the directory back gives the same titles.
const TitlesFile = atomic.MarkerDir + "/titles.json"

// SiteInfoFile, in a directory WriteWikiDir wrote, holds the <siteinfo> of
// the wiki the pages came from (an export with no pages), so that reading
// the directory back reads its titles by that wiki's namespace names and
// case rules, as the export did.
const SiteInfoFile = atomic.MarkerDir + "/siteinfo.xml"

// WriteWikiDir writes the latest revision of every page as
// dir/<title>.wiki (FileNameForTitle), each file dated by its revision, and
// the wiki's <siteinfo> when the inputs gave one (SiteInfoFile),
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
		// The page's content: a deleted or stub revision has none.
		r := p.LatestVisible()
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
	if c.Site != nil {
		var b bytes.Buffer
		if err := mwxml.Write(&b, c.Site, nil); err != nil {
			return fail(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, filepath.FromSlash(SiteInfoFile)), b.Bytes(), 0o644); err != nil {
			return fail(err)
		}
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
