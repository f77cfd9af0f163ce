package check

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"sync"

	"gopkg.in/yaml.v3"

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
	// EngineHint says how the engine directory was chosen ("--engine",
	// "the --checks directory: no --engine given"), for the message about
	// an engine file that is not there.
	EngineHint string
}

type engineFile struct {
	engine *Engine
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

func (s *Suite) engine(spec *Spec) (*Engine, error) {
	if spec == nil || spec.Engine == "" {
		return nil, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.engines[spec.Engine]; ok {
		return e.engine, e.err
	}
	shown := path.Join(s.display, spec.Engine)
	var e *Engine
	var err error
	if s.engineFS == nil {
		err = fs.ErrNotExist
	} else if _, err = fs.Stat(s.engineFS, path.Join(s.dir, spec.Engine)); err == nil {
		e, err = ReadEngine(s.engineFS, path.Join(s.dir, spec.Engine), shown)
	}
	if errors.Is(err, fs.ErrNotExist) {
		// Said where the spec names it, with where it was looked for.
		where := s.display
		if s.EngineHint != "" {
			where += " (" + s.EngineHint + ")"
		}
		err = model.Errorf(spec.File, spec.EngineLine, model.MsgEngine, "engine file %s not found: looked for %s in %s", spec.Engine, shown, where)
	} else if err != nil && s.isSpec(spec.Engine) {
		// The engine directory is the specs' (no --engine given), and
		// the name is a spec's: never read a spec as constants.
		where := s.display
		if s.EngineHint != "" {
			where += " (" + s.EngineHint + ")"
		}
		err = model.Errorf(spec.File, spec.EngineLine, model.MsgEngine, "engine file %s: %s in %s is a check spec, not engine constants: give the directory of the engine files with --engine DIR", spec.Engine, shown, where)
	}
	s.engines[spec.Engine] = engineFile{engine: e, err: err}
	return e, err
}

// isSpec reports whether an engine file name is a check spec: read from
// the engine directory, it has game: and checks:.
func (s *Suite) isSpec(name string) bool {
	data, err := fs.ReadFile(s.engineFS, path.Join(s.dir, name))
	if err != nil {
		return false
	}
	var v map[string]any
	return yaml.Unmarshal(data, &v) == nil && looksLikeSpec(v)
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
	g.Constants, g.EngineErr = s.engine(spec)
	if g.Constants != nil {
		g.Engine = g.Constants.Values
	}
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
	// a break (the edit that broke the rules), when it fails now and a
	// wiki edit is to blame.
	BrokenBy *Transition `json:"broken_by,omitempty"`
	// Blame says which side made a check that fails now fail:
	//   - BlameWiki: an edit of the page (BrokenBy), after which the
	//     check failed; Changed says which values it changed. A check
	//     that failed from the page's first revision, whose wiki values
	//     changed since, is the page's too.
	//   - BlameEngine: the check fails at every revision and the wiki
	//     values it reads are the same in all of them, so the wiki did
	//     not change: what changed is the engine constants (or the
	//     spec), which the history of the page cannot date — unless the
	//     page was wrong from its first revision, which the history cannot
	//     tell apart.
	// "" when the check passes now or cannot run.
	Blame string `json:"blame,omitempty"`
	// Changed are the wiki values the breaking edit changed, as
	// "name: old → new" ("Q♠ → Points: 13 → 12").
	Changed []string `json:"changed,omitempty"`
	// Transitions are the revisions where the status changed, oldest
	// first; the first is the status at the first revision.
	Transitions []Transition `json:"transitions"`
	// Revisions is the number of revisions the check ran on.
	Revisions int `json:"revisions"`
}

// Which side of a check a failure comes from (HistoryResult.Blame).
const (
	BlameWiki   = "wiki"
	BlameEngine = "engine"
)

// wikiValues are the wiki values a result read, by name.
func wikiValues(r Result) map[string]string {
	out := map[string]string{}
	for _, o := range r.Used {
		if o.Side == "wiki" {
			out[o.Name] = formatValue(o.Value)
		}
	}
	return out
}

// changedValues lists the values that differ between two readings.
func changedValues(before, after map[string]string) []string {
	var out []string
	for name, v := range after {
		if old, ok := before[name]; !ok {
			out = append(out, fmt.Sprintf("%s: (none) → %s", name, v))
		} else if old != v {
			out = append(out, fmt.Sprintf("%s: %s → %s", name, old, v))
		}
	}
	for name, old := range before {
		if _, ok := after[name]; !ok {
			out = append(out, fmt.Sprintf("%s: %s → (none)", name, old))
		}
	}
	sort.Strings(out)
	return out
}

func sameValues(a, b map[string]string) bool { return len(changedValues(a, b)) == 0 }

// History runs a game's checks on every revision of page (the game's other
// pages stay at the given data) and reports when each check's status
// changed. parse gives the data of page at one revision.
func (s *Suite) History(slug string, page *model.Page, parse func(*model.Revision) PageData, others []PageData) []HistoryResult {
	byID := map[string]*HistoryResult{}
	// What each check read from the wiki at the previous revision, and
	// whether that ever changed.
	prev := map[string]map[string]string{}
	varied := map[string]bool{}
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
			vals := wikiValues(r)
			before, seen := prev[r.ID]
			if seen && !sameValues(before, vals) {
				varied[r.ID] = true
			}
			t := Transition{Revision: model.FormatTime(rev.Timestamp), Author: rev.Author, Summary: rev.Summary, Status: r.Status, Message: r.Message}
			if n := len(h.Transitions); n == 0 || h.Transitions[n-1].Status != r.Status {
				h.Transitions = append(h.Transitions, t)
				if r.Status == Fail && seen {
					h.Changed = changedValues(before, vals)
				}
			}
			prev[r.ID] = vals
			h.Result = r
			h.Revisions++
		}
	}
	out := make([]HistoryResult, 0, len(order))
	for _, id := range order {
		h := byID[id]
		last := h.Transitions[len(h.Transitions)-1]
		switch {
		case h.Result.Status != Fail || last.Status != Fail:
			h.Changed = nil
		case len(h.Transitions) == 1 && !varied[id] && readsEngine(h.Result):
			// Failing at every revision over the same wiki values.
			h.Blame, h.Changed = BlameEngine, nil
		default:
			l := last
			h.BrokenBy, h.Blame = &l, BlameWiki
		}
		out = append(out, *h)
	}
	return out
}

func readsEngine(r Result) bool {
	for _, o := range r.Used {
		if o.Side == "engine" {
			return true
		}
	}
	return false
}
