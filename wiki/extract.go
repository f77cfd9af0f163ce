package wiki

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/model"
)

// Extract parses a revision and extracts its rule tables.
func (w *Wiki) Extract(p *model.Page, r *model.Revision) *extract.PageTables {
	return extract.Extract(w.Parse(p, r), p, r)
}

// ExtractOptions choose what ExtractAll reads.
type ExtractOptions struct {
	// Page limits the extraction to one page (a title); "" reads every
	// rules, tips and ordinary page, and keeps those with tables.
	Page string
	// Rev selects the revision of each page (model.Page.SelectRevision);
	// pages without it are skipped when Page is "".
	Rev string
	// Table keeps one table: its id, or a unique prefix of the id or of
	// the id without its game ("hearts/sco", "scoring"). "" keeps all.
	Table string
	// Kind keeps the tables of one kind (TableKinds); "" keeps all.
	Kind string
}

// ExtractAll extracts the rule tables of the pages opts selects, and
// returns the warnings of every page read (also of pages it leaves out for
// having no tables).
func (w *Wiki) ExtractAll(opts ExtractOptions) ([]*extract.PageTables, model.MsgList, error) {
	var pages []*model.Page
	if opts.Page != "" {
		p, err := w.Find(opts.Page)
		if err != nil {
			return nil, nil, err
		}
		pages = []*model.Page{p}
	} else {
		for _, p := range w.Corpus.Pages {
			if p.Kind == model.PageRules || p.Kind == model.PageTips || p.Kind == model.PageOther {
				pages = append(pages, p)
			}
		}
	}
	if err := checkKind(opts.Kind); err != nil {
		return nil, nil, err
	}
	out := []*extract.PageTables{}
	var msgs model.MsgList
	for _, p := range pages {
		r, err := pickRevision(p, opts.Rev, opts.Page != "")
		if err != nil {
			return nil, nil, err
		}
		if r == nil {
			continue
		}
		pt := w.Extract(p, r)
		msgs = append(msgs, pt.Warnings...)
		keepKind(pt, opts.Kind)
		if opts.Page == "" && len(pt.Tables) == 0 {
			continue
		}
		out = append(out, pt)
	}
	if opts.Table != "" {
		var err error
		if out, err = keepTable(out, opts.Table); err != nil {
			return nil, msgs, err
		}
	}
	return out, msgs, nil
}

// TableFileName is the file of a game's (or a page's) tables in a
// WriteTableFiles directory: key.yaml or key.json, long keys shortened
// with a hash (model.ShortName).
func TableFileName(key, format string) string {
	return model.ShortName(key, model.MaxNameBytes, "-", key) + "." + format
}

// WriteTableFiles writes one <game>.yaml (or .json) per game into dir
// (pages without a game go to a file named after the page), each file
// atomically. Every file is encoded before the first is written, so an
// error leaves dir as it was. dir must be new, empty, or written by
// wikirules (atomic.CheckReplaceable); it is marked as such.
func WriteTableFiles(dir, format string, pages []*extract.PageTables) error {
	if err := atomic.CheckReplaceable(dir); err != nil {
		return err
	}
	byGame := map[string][]*extract.PageTables{}
	for _, p := range pages {
		key := p.Game
		if key == "" {
			key = model.Slug(p.Page)
		}
		byGame[key] = append(byGame[key], p)
	}
	keys := make([]string, 0, len(byGame))
	for k := range byGame {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	files := make([][]byte, len(keys))
	for i, k := range keys {
		var b bytes.Buffer
		if err := extract.Write(&b, format, byGame[k]); err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		files[i] = b.Bytes()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := atomic.Mark(dir, "extract -o"); err != nil {
		return err
	}
	for i, k := range keys {
		data := files[i]
		err := atomic.WriteFile(filepath.Join(dir, TableFileName(k, format)), 0o644, func(out io.Writer) error {
			_, err := out.Write(data)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// pickRevision selects the revision rev of p whose text is in the input. A
// page without it is an error when the page was asked for by name (named),
// and left out otherwise (nil, nil): when walking every page, one that lacks
// the revision, or whose text is deleted or not in a stub dump, is skipped.
func pickRevision(p *model.Page, rev string, named bool) (*model.Revision, error) {
	r, _, err := p.SelectRevision(rev)
	noText := false
	if err == nil {
		err = r.NeedText(p.Title)
		noText = err != nil
	}
	if err != nil {
		if !named && (rev != "" || noText) {
			return nil, nil
		}
		return nil, err
	}
	return r, nil
}
