package wiki

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/suggest"
	"github.com/wikirules/wikirules/model"
)

// SuiteConfig says where the check specs and the engine constants are.
type SuiteConfig struct {
	// ChecksDir holds one <game>.yaml spec per game. "" uses the embedded
	// specs, which are about the embedded sample: with inputs of one's
	// own and no ChecksDir, only the built-in checks run.
	ChecksDir string
	// EngineDir holds the engine constants the specs name; "" is
	// ChecksDir, or the embedded constants.
	EngineDir string
}

// Suite loads the check specs for this wiki. Spec errors are returned with
// the (partial) suite, so the checks that could be read still run. A spec
// for a game the wiki does not have is an error (with the nearest game), as
// is --engine without --checks for inputs of one's own: either would let a
// CI run pass with no check run.
func (w *Wiki) Suite(sc SuiteConfig) (*check.Suite, error) {
	if sc.ChecksDir == "" && !w.Sample {
		if sc.EngineDir != "" {
			return nil, fmt.Errorf("--engine %s without --checks: the specs in --checks DIR say which engine file each game is checked against (with inputs of your own, the embedded specs do not apply)", sc.EngineDir)
		}
		return check.NewSuite(nil, nil, ".", ""), nil
	}
	var specFS, engineFS fs.FS
	specDir, engineDir := ".", "."
	specShown, engineShown := sc.ChecksDir, sc.EngineDir
	var hint string
	if sc.ChecksDir == "" {
		specFS, specDir, specShown = w.cfg.Content.FS(), content.ChecksDir, "content/checks"
	} else {
		if st, err := os.Stat(sc.ChecksDir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("--checks %s: not a directory", sc.ChecksDir)
		}
		specFS = os.DirFS(sc.ChecksDir)
	}
	switch {
	case sc.EngineDir != "":
		if st, err := os.Stat(sc.EngineDir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("--engine %s: not a directory", sc.EngineDir)
		}
		engineFS, hint = os.DirFS(sc.EngineDir), "--engine"
	case sc.ChecksDir != "":
		engineFS, engineShown, hint = os.DirFS(sc.ChecksDir), sc.ChecksDir, "the --checks directory, as no --engine was given"
	default:
		engineFS, engineDir, engineShown, hint = w.cfg.Content.FS(), content.EngineDir, "content/engine", "the embedded engine constants"
	}
	specs, err := check.LoadSpecs(specFS, specDir, filepath.ToSlash(specShown))
	var errs model.MsgList
	errs.AddErr(specShown, err)
	for _, sp := range specs {
		if w.Game(sp.Game) != nil {
			continue
		}
		text := fmt.Sprintf("game %s: no page of that game in the inputs, so none of its checks would run%s",
			sp.Game, suggest.DidYouMean(w.nearGames(sp.Game)))
		errs = append(errs, model.Msg{File: sp.File, Line: sp.GameLine, Severity: model.SevError, ID: model.MsgSpec, Text: text})
	}
	errs.Sort()
	s := check.NewSuite(specs, engineFS, engineDir, filepath.ToSlash(engineShown))
	s.EngineHint = hint
	return s, errs.Err()
}

// PageData parses and extracts a revision for the checks.
func (w *Wiki) PageData(p *model.Page, r *model.Revision) check.PageData {
	doc := w.Parse(p, r)
	return check.PageData{Page: p, Rev: r, Doc: doc, Tables: extract.Extract(doc, p, r)}
}

// CheckReport is what a run of the checks found.
type CheckReport struct {
	Results []check.Result
	// History is set by CheckHistory: each check over the history of its
	// game's rules page.
	History []check.HistoryResult
	// Messages are problems that are not check results (a spec for a
	// game the inputs do not have).
	Messages model.MsgList
}

// Failed and Errored report whether a result failed or could not run.
func (r *CheckReport) Failed() bool  { return r.count(check.Fail) > 0 }
func (r *CheckReport) Errored() bool { return r.count(check.Error) > 0 }

func (r *CheckReport) count(s check.Status) int {
	n := 0
	for _, x := range r.Results {
		if x.Status == s {
			n++
		}
	}
	return n
}

// Check runs every game's checks on the revision rev of its pages
// (latest when ""; pages without that revision are left out, and games
// none of whose pages has it). When a spec names a table the revision does
// not have, the pages' histories are read to find whether the table was
// renamed: the check then runs on it under its new id, with a warning.
func (w *Wiki) Check(s *check.Suite, rev string) (*CheckReport, error) {
	if err := w.checkable(); err != nil {
		return nil, err
	}
	rep := w.newReport(s)
	var firstMiss error
	ran := false
	for _, g := range w.Games() {
		var pages []check.PageData
		var at []int
		for _, p := range g.Pages() {
			r, i, err := p.SelectRevision(rev)
			if err == nil && !r.Visible() {
				continue // no text to check (deleted, or a stub dump)
			}
			if err != nil {
				if rev != "" {
					if firstMiss == nil {
						firstMiss = err
					}
					continue
				}
				return nil, err
			}
			pages = append(pages, w.PageData(p, r))
			at = append(at, i)
		}
		if len(pages) == 0 {
			continue // no page of the game has that revision
		}
		ran = true
		renames := map[string]diff.TableRename{}
		if missingTable(s.Spec(g.Slug), pages) {
			for k := range pages {
				rs := w.tableRenames(pages[k].Page, at[k])
				pages[k].Renamed = renamedIDs(rs)
				maps.Copy(renames, rs)
			}
		}
		results := s.RunGame(g.Slug, pages)
		rep.Results = append(rep.Results, results...)
		rep.Messages = append(rep.Messages, renameWarnings(s, results, renames)...)
	}
	if !ran && firstMiss != nil {
		// Nothing checked is no pass.
		return nil, fmt.Errorf("--rev %s: no page of any game has that revision (%w)", rev, firstMiss)
	}
	return rep, nil
}

// checkable is an error when the wiki has no game page at all: every
// check runs on a game's pages, so the run would report "0 checks" and
// pass, which in CI hides inputs read with the wrong title prefixes (or
// the wrong inputs).
func (w *Wiki) checkable() error {
	if len(w.Games()) > 0 {
		return nil
	}
	cv := w.cfg.Conventions
	pages := fmt.Sprintf("%d pages", len(w.Corpus.Pages))
	if len(w.Corpus.Pages) == 1 {
		pages = "1 page"
	}
	return fmt.Errorf("nothing to check: the inputs (%s) have no rules or tips page of a game (titles starting with %s; --rules-prefix and --tips-prefix set the prefixes)",
		pages, quoteList(append(slices.Clip(cv.RulesPrefixes), cv.TipsPrefixes...)))
}

// quoteList is "“a”, “b” or “c”".
func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = "“" + x + "”"
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// missingTable reports whether a check of spec names a table none of the
// pages has.
func missingTable(spec *check.Spec, pages []check.PageData) bool {
	if spec == nil {
		return false
	}
	for _, c := range spec.Checks {
		if c.Table == "" {
			continue
		}
		found := false
		for _, pd := range pages {
			found = found || pd.Tables.Table(c.Table) != nil
		}
		if !found {
			return true
		}
	}
	return false
}

// tableRenames follows a page's tables from its first revision to
// revision last and returns the renames: a former id to the id it has at
// last.
func (w *Wiki) tableRenames(p *model.Page, last int) map[string]diff.TableRename {
	h := w.HistoryOf(p)
	b := diff.NewBlamer(p.Title, false)
	for i := 0; i <= last; i++ {
		if p.Revisions[i].Visible() {
			b.Add(h.Side(i))
		}
	}
	return b.Renamed()
}

func renamedIDs(rs map[string]diff.TableRename) map[string]string {
	if len(rs) == 0 {
		return nil
	}
	out := make(map[string]string, len(rs))
	for old, r := range rs {
		out[old] = r.To
	}
	return out
}

// renameWarnings says, for each check that named a table by an id it had
// before a rename, which id the table has now: at the check in its spec.
func renameWarnings(s *check.Suite, results []check.Result, renames map[string]diff.TableRename) model.MsgList {
	var out model.MsgList
	for _, r := range results {
		if r.TableNow == "" {
			continue
		}
		text := fmt.Sprintf("check %s names table %s, which is now %s", r.ID, r.Table, r.TableNow)
		if rn, ok := renames[r.Table]; ok {
			text += fmt.Sprintf(" (renamed at %s by %s)", rn.At.Timestamp, rn.At.Author)
		}
		m := model.Msg{Severity: model.SevWarning, ID: model.MsgTableRenamed, Text: text + "; the check ran on it: update the spec"}
		if sp := s.Spec(r.Game); sp != nil {
			m.File = sp.File
			for _, c := range sp.Checks {
				if c.ID == r.ID {
					m.Line = c.Line
				}
			}
		}
		out = append(out, m)
	}
	return out
}

// CheckHistory runs every game's checks on each revision of its rules page
// (its tips page at its latest revision) and reports, for each check,
// where its status changed and the edit since which it fails. Tables are
// followed across renames: a check naming a table's old id keeps running
// on it, and a warning says which id it now has.
func (w *Wiki) CheckHistory(s *check.Suite) (*CheckReport, error) {
	if err := w.checkable(); err != nil {
		return nil, err
	}
	rep := w.newReport(s)
	for _, g := range w.Games() {
		// The rules page's history, with the tips page as it is now; a
		// game of a tips page alone is checked over that page's history
		// (it was skipped: "0 checks", exit status 0, where check fails).
		main, other := g.Rules, g.Tips
		if main == nil {
			main, other = g.Tips, nil
		}
		if main == nil {
			continue
		}
		var others []check.PageData
		if other != nil {
			if r := other.LatestVisible(); r != nil {
				others = append(others, w.PageData(other, r))
			}
		}
		b := diff.NewBlamer(main.Title, false)
		renames := map[string]diff.TableRename{}
		h := s.History(g.Slug, main, func(r *model.Revision) check.PageData {
			pd := w.PageData(main, r)
			b.Add(&diff.Side{Rev: r, Doc: pd.Doc, Tables: pd.Tables})
			rs := b.Renamed()
			pd.Renamed = renamedIDs(rs)
			maps.Copy(renames, rs)
			return pd
		}, others)
		rep.History = append(rep.History, h...)
		for _, x := range h {
			rep.Results = append(rep.Results, x.Result)
		}
		rep.Messages = append(rep.Messages, renameWarnings(s, rep.Results[len(rep.Results)-len(h):], renames)...)
	}
	return rep, nil
}

func (w *Wiki) newReport(*check.Suite) *CheckReport {
	return &CheckReport{Results: []check.Result{}}
}
