package wiki

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/internal/suggest"
	"github.com/wikirules/wikirules/model"
)

// Extract parses a revision and extracts its rule tables.
func (w *Wiki) Extract(p *model.Page, r *model.Revision) *extract.PageTables {
	return extract.Extract(w.Parse(p, r), p, r)
}

// TableKinds are the kinds of rule tables, as ExtractOptions.Kind takes them.
var TableKinds = []string{fmt.Sprint(extract.KindCards), fmt.Sprint(extract.KindScoring), fmt.Sprint(extract.KindRoyalties),
	fmt.Sprint(extract.KindOptions), fmt.Sprint(extract.KindTable)}

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
	if opts.Kind != "" && !slices.Contains(TableKinds, opts.Kind) {
		return nil, nil, fmt.Errorf("--kind %q: expected one of %s", opts.Kind, strings.Join(TableKinds, ", "))
	}
	out := []*extract.PageTables{}
	var msgs model.MsgList
	for _, p := range pages {
		r, _, err := p.SelectRevision(opts.Rev)
		if err != nil {
			if opts.Page == "" && opts.Rev != "" {
				continue // pages without that revision
			}
			return nil, nil, err
		}
		pt := w.Extract(p, r)
		msgs = append(msgs, pt.Warnings...)
		if opts.Kind != "" {
			pt.Tables = slices.DeleteFunc(pt.Tables, func(t *extract.Table) bool { return fmt.Sprint(t.Kind) != opts.Kind })
		}
		if opts.Page == "" && len(pt.Tables) == 0 {
			continue
		}
		out = append(out, pt)
	}
	if opts.Table != "" {
		id, err := pickTable(out, opts.Table)
		if err != nil {
			return nil, msgs, err
		}
		out = slices.DeleteFunc(out, func(pt *extract.PageTables) bool {
			pt.Tables = slices.DeleteFunc(pt.Tables, func(t *extract.Table) bool { return t.ID != id })
			return len(pt.Tables) == 0
		})
	}
	return out, msgs, nil
}

// pickTable resolves a table id given in full or as a unique prefix of the
// id, or of the id without its "game/".
func pickTable(pages []*extract.PageTables, q string) (string, error) {
	var ids, matches []string
	seen := map[string]bool{}
	for _, pt := range pages {
		for _, t := range pt.Tables {
			if seen[t.ID] {
				continue
			}
			seen[t.ID] = true
			ids = append(ids, t.ID)
			if t.ID == q {
				return q, nil
			}
			_, local, _ := strings.Cut(t.ID, "/")
			if strings.HasPrefix(t.ID, q) || strings.HasPrefix(local, q) {
				matches = append(matches, t.ID)
			}
		}
	}
	switch len(matches) {
	case 1:
		return matches[0], nil
	case 0:
		if len(ids) == 0 {
			return "", fmt.Errorf("--table %q: no tables to choose from", q)
		}
		near := suggest.Nearest(q, ids, 3)
		if len(near) == 0 {
			var locals []string
			for _, id := range ids {
				_, local, _ := strings.Cut(id, "/")
				locals = append(locals, local)
			}
			for _, l := range suggest.Nearest(q, locals, 3) {
				for _, id := range ids {
					if strings.HasSuffix(id, "/"+l) {
						near = append(near, id)
					}
				}
			}
		}
		return "", fmt.Errorf("--table %q: no table has that id%s", q, suggest.DidYouMean(near))
	}
	sort.Strings(matches)
	n := len(matches)
	if n > 5 {
		matches = append(matches[:5], "…")
	}
	return "", fmt.Errorf("--table %q matches %d tables (%s): give more of the id", q, n, strings.Join(matches, ", "))
}

// WriteTableFiles writes one <game>.yaml (or .json) per game into dir
// (pages without a game go to a file named after the page), each file
// atomically.
func WriteTableFiles(dir, format string, pages []*extract.PageTables) error {
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
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, k := range keys {
		group := byGame[k]
		err := atomic.WriteFile(filepath.Join(dir, k+"."+format), 0o644, func(out io.Writer) error {
			return extract.Write(out, format, group)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
