package diff

import (
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// Side is one revision, parsed and extracted. Building sides once and
// comparing them pairwise keeps a whole-history diff at the cost of one
// parse per revision.
//
// A Side keeps what comparisons read from its document (its sections, and
// its matching with the revision before), so that a revision compared
// with the one before and the one after is read once, and a pair compared
// and blamed is matched once; it is not safe for concurrent use. A Side's
// fields are not changed once it is compared.
type Side struct {
	Rev    *model.Revision
	Doc    *model.Document
	Tables *extract.PageTables

	sections     []sectionInfo
	sectionsDone bool

	// matching is this side's matching with side matchedFrom, the last
	// one it was matched with as the newer side: a history's diff and its
	// blame each match every revision with the one before.
	matchedFrom *Side
	matching    *pageMatching

	// lines is the text's lines (splitLines), once split.
	lines     []string
	linesDone bool
}

// lineList returns the side's text as lines, split once.
func (s *Side) lineList() []string {
	if !s.linesDone {
		text := ""
		if s.Rev != nil {
			text = s.Rev.Text
		}
		s.lines, s.linesDone = splitLines(text), true
	}
	return s.lines
}

// sectionListAfter returns the side's sections (sectionsOf), read once,
// for a side compared with prev (the revision before it, or after it): a
// section whose text prev has too takes its body's hash from prev, when
// prev's are known (most sections of a revision are those of the one
// before).
func (s *Side) sectionListAfter(prev *Side) []sectionInfo {
	if !s.sectionsDone {
		var known *knownBodies
		if prev != nil && prev.sectionsDone && prev.Doc != nil {
			known = &knownBodies{src: prev.Doc.Source, sections: prev.sections}
		}
		s.sections, s.sectionsDone = sectionsOf(s.Doc, known), true
	}
	return s.sections
}

// RevInfo describes a revision in a diff.
type RevInfo struct {
	Timestamp string `json:"timestamp"`
	Author    string `json:"author"`
	Summary   string `json:"summary"`
}

// TextSummary is the size of the text diff.
type TextSummary struct {
	Hunks        int `json:"hunks"`
	LinesAdded   int `json:"lines_added"`
	LinesRemoved int `json:"lines_removed"`
}

// Result is the comparison of two revisions.
type Result struct {
	Page     string          `json:"page"`
	From     RevInfo         `json:"from"`
	To       RevInfo         `json:"to"`
	Sections []SectionChange `json:"sections"`
	Tables   []TableChange   `json:"tables"`
	Summary  TextSummary     `json:"text"`
	Text     *TextDiff       `json:"-"`
}

// RulesChanged reports whether a rule table's values changed (the exit
// status of "wikirules diff" is 1 then).
func (r *Result) RulesChanged() bool {
	for _, t := range r.Tables {
		if t.ValueChanged() {
			return true
		}
	}
	return false
}

// RulesChangedIn reports whether a rule table's values changed in one of
// the comparisons of results (a changelog): the exit status of
// `wikirules diff --all`. A page's first revision, compared with nothing,
// compares no two revisions and does not count.
func RulesChangedIn(results []*Result) bool {
	for _, r := range results {
		if r.From.Timestamp != "" && r.RulesChanged() {
			return true
		}
	}
	return false
}

func info(r *model.Revision) RevInfo {
	if r == nil {
		return RevInfo{}
	}
	return RevInfo{Timestamp: model.FormatTime(r.Timestamp), Author: r.AuthorLabel(), Summary: r.SummaryLabel()}
}

// Context is the number of unchanged lines shown around a change.
const Context = 3

// Compare diffs two revisions of page. a may be nil (the page was created
// by b).
func Compare(page string, a, b *Side) *Result {
	res := &Result{Page: page, To: info(b.Rev), Sections: []SectionChange{}, Tables: []TableChange{}}
	if a == nil {
		a = &Side{Doc: &model.Document{Root: &model.Node{Kind: model.KindDocument}}, Tables: &extract.PageTables{}}
	} else {
		res.From = info(a.Rev)
	}
	res.Text = textOfLines(a.lineList(), b.lineList(), Context, true)
	res.Summary = TextSummary{Hunks: len(res.Text.Hunks), LinesAdded: res.Text.Added, LinesRemoved: res.Text.Removed}
	m := matchSides(a, b)
	if s := m.sections.changes(); s != nil {
		res.Sections = s
	}
	if t := tableChanges(m.tables); t != nil {
		res.Tables = t
	}
	return res
}

// pageMatching is what became of each section and rule table of one
// revision in the next: what Compare reports and Blamer follows.
type pageMatching struct {
	sections *sectionMatching
	tables   *tableMatching
}

// tablePlace is where a table is: the index of its innermost section (-1:
// the lead) and how many tables of that section come before it.
type tablePlace struct{ section, nth int }

func tablePlaces(ts []*extract.Table, ss []sectionInfo) []tablePlace {
	out := make([]tablePlace, len(ts))
	count := map[int]int{}
	for k, t := range ts {
		s := sectionAt(ss, t.Source.Pos)
		out[k] = tablePlace{s, count[s]}
		count[s]++
	}
	return out
}

// matchSides matches the sections of two revisions, then their tables:
// tables at the same place in sections the section diff paired (a
// renamed section's table) are linked.
func matchSides(a, b *Side) *pageMatching {
	if b.matchedFrom == a && b.matching != nil {
		return b.matching
	}
	m := matchSidesOnce(a, b)
	b.matchedFrom, b.matching = a, m
	return m
}

func matchSidesOnce(a, b *Side) *pageMatching {
	// Either side takes the hashes of the bodies the other has when the
	// other's are known: a history compares its revisions newest first
	// (each older side new to the comparison) unless the blame went
	// through them oldest first before.
	sa := a.sectionListAfter(b)
	sm := matchSections(a.Doc, b.Doc, sa, b.sectionListAfter(a))
	pa, pb := tablePlaces(a.Tables.Tables, sm.sa), tablePlaces(b.Tables.Tables, sm.sb)
	linked := func(i, j int) bool {
		x, y := pa[i], pb[j]
		if x.nth != y.nth {
			return false
		}
		if x.section < 0 || y.section < 0 {
			return x.section == y.section
		}
		return sm.matchA[x.section] == y.section
	}
	return &pageMatching{sections: sm, tables: matchTables(a.Tables.Tables, b.Tables.Tables, linked)}
}
