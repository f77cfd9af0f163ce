package check

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"sync"

	"github.com/wikirules/wikirules/model"
)

// Suite is a set of specs with the engine constants they refer to (loaded
// once, on first use).
type Suite struct {
	mu       sync.Mutex // guards engines: games run concurrently
	specs    map[string]*Spec
	engineFS fs.FS
	dir      string
	display  string
	engines  map[string]engineFile
}

type engineFile struct {
	values map[string]any
	err    error
}

// NewSuite makes a suite; engine files are read from dir in engineFS
// (shown as display in errors).
func NewSuite(specs []*Spec, engineFS fs.FS, dir, display string) *Suite {
	s := &Suite{specs: map[string]*Spec{}, engineFS: engineFS, dir: dir, display: display, engines: map[string]engineFile{}}
	for _, sp := range specs {
		s.specs[sp.Game] = sp
	}
	return s
}

// Spec returns a game's spec, or nil.
func (s *Suite) Spec(game string) *Spec { return s.specs[game] }

// Games lists the games with a spec, sorted.
func (s *Suite) Games() []string {
	var out []string
	for g := range s.specs {
		out = append(out, g)
	}
	sort.Strings(out)
	return out
}

func (s *Suite) engine(spec *Spec) (map[string]any, error) {
	if spec == nil || spec.Engine == "" {
		return nil, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.engines[spec.Engine]; ok {
		return e.values, e.err
	}
	v, err := LoadEngine(s.engineFS, path.Join(s.dir, spec.Engine), path.Join(s.display, spec.Engine))
	s.engines[spec.Engine] = engineFile{values: v, err: err}
	return v, err
}

// Digest identifies what a game's results depend on besides its pages:
// its spec and its engine file. It changes when either does.
func (s *Suite) Digest(game string) string {
	spec := s.specs[game]
	if spec == nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", spec.Game, spec.Engine)
	for _, c := range spec.Checks {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%d\x00", c.ID, c.Table, c.Description, c.Expr, c.Line)
		if c.Match != nil {
			fmt.Fprintf(h, "%+v\x00", *c.Match)
		}
	}
	if spec.Engine != "" {
		data, err := fs.ReadFile(s.engineFS, path.Join(s.dir, spec.Engine))
		if err != nil {
			fmt.Fprintf(h, "error: %v", err)
		}
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// RunGame runs a game's checks (its spec's and the built-in ones) on its
// pages.
func (s *Suite) RunGame(slug string, pages []PageData) []Result {
	spec := s.specs[slug]
	g := &Game{Slug: slug, Pages: pages}
	g.Engine, g.EngineErr = s.engine(spec)
	return Run(spec, g)
}

// Transition is a revision at which a check's status changed.
type Transition struct {
	Revision string `json:"revision"`
	Author   string `json:"author"`
	Summary  string `json:"summary"`
	Status   Status `json:"status"`
	Message  string `json:"message"`
}

// HistoryResult is a check's status over a page's history.
type HistoryResult struct {
	Result
	// BrokenBy is the revision since which the check has failed without
	// a break (the edit that broke the rules), when it fails now.
	BrokenBy *Transition `json:"broken_by,omitempty"`
	// Transitions are the revisions where the status changed, oldest
	// first; the first is the status at the first revision.
	Transitions []Transition `json:"transitions"`
}

// History runs a game's checks on every revision of page (the game's other
// pages stay at the given data) and reports when each check's status
// changed. parse gives the data of page at one revision.
func (s *Suite) History(slug string, page *model.Page, parse func(*model.Revision) PageData, others []PageData) []HistoryResult {
	byID := map[string]*HistoryResult{}
	var order []string
	for _, rev := range page.Revisions {
		if !rev.Visible() {
			continue // a deleted revision is no edit to the rules
		}
		pd := parse(rev)
		pages := append([]PageData{pd}, others...)
		for _, r := range s.RunGame(slug, pages) {
			h := byID[r.ID]
			if h == nil {
				h = &HistoryResult{}
				byID[r.ID] = h
				order = append(order, r.ID)
			}
			t := Transition{Revision: model.FormatTime(rev.Timestamp), Author: rev.Author, Summary: rev.Summary, Status: r.Status, Message: r.Message}
			if n := len(h.Transitions); n == 0 || h.Transitions[n-1].Status != r.Status {
				h.Transitions = append(h.Transitions, t)
			}
			h.Result = r
		}
	}
	out := make([]HistoryResult, 0, len(order))
	for _, id := range order {
		h := byID[id]
		if last := h.Transitions[len(h.Transitions)-1]; last.Status == Fail && h.Result.Status == Fail {
			l := last
			h.BrokenBy = &l
		}
		out = append(out, *h)
	}
	return out
}
