package wiki

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/extract"
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
// the (partial) suite, so the checks that could be read still run.
func (w *Wiki) Suite(sc SuiteConfig) (*check.Suite, error) {
	if sc.ChecksDir == "" && !w.Sample {
		return check.NewSuite(nil, nil, ".", ""), nil
	}
	var specFS, engineFS fs.FS
	specDir, engineDir := ".", "."
	specShown, engineShown := sc.ChecksDir, sc.EngineDir
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
		engineFS = os.DirFS(sc.EngineDir)
	case sc.ChecksDir != "":
		engineFS, engineShown = os.DirFS(sc.ChecksDir), sc.ChecksDir
	default:
		engineFS, engineDir, engineShown = w.cfg.Content.FS(), content.EngineDir, "content/engine"
	}
	specs, err := check.LoadSpecs(specFS, specDir, filepath.ToSlash(specShown))
	return check.NewSuite(specs, engineFS, engineDir, filepath.ToSlash(engineShown)), err
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
// (latest when ""; pages without that revision are left out).
func (w *Wiki) Check(s *check.Suite, rev string) (*CheckReport, error) {
	rep := w.newReport(s)
	for _, g := range w.Games() {
		var pages []check.PageData
		for _, p := range g.Pages() {
			r, _, err := p.SelectRevision(rev)
			if err == nil && !r.Visible() {
				continue // no text to check (deleted, or a stub dump)
			}
			if err != nil {
				if rev != "" {
					continue
				}
				return nil, err
			}
			pages = append(pages, w.PageData(p, r))
		}
		rep.Results = append(rep.Results, s.RunGame(g.Slug, pages)...)
	}
	return rep, nil
}

// CheckHistory runs every game's checks on each revision of its rules page
// (its tips page at its latest revision) and reports, for each check,
// where its status changed and the edit since which it fails.
func (w *Wiki) CheckHistory(s *check.Suite) *CheckReport {
	rep := w.newReport(s)
	for _, g := range w.Games() {
		if g.Rules == nil {
			continue
		}
		var others []check.PageData
		if g.Tips != nil {
			if r := g.Tips.LatestVisible(); r != nil {
				others = append(others, w.PageData(g.Tips, r))
			}
		}
		main := g.Rules
		h := s.History(g.Slug, main, func(r *model.Revision) check.PageData { return w.PageData(main, r) }, others)
		rep.History = append(rep.History, h...)
		for _, x := range h {
			rep.Results = append(rep.Results, x.Result)
		}
	}
	return rep
}

func (w *Wiki) newReport(s *check.Suite) *CheckReport {
	rep := &CheckReport{Results: []check.Result{}}
	for _, g := range s.Games() {
		if w.Game(g) == nil {
			rep.Messages = append(rep.Messages, model.Msg{File: s.Spec(g).File, Severity: model.SevWarning, ID: model.MsgSpec,
				Text: fmt.Sprintf("spec for %s, but no page of that game in the inputs", g)})
		}
	}
	return rep
}
