package diff_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/model"
)

// compare diffs two texts of Gamehelpdemo.
func compare(old, new string) *diff.Result {
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	a := side(p, &model.Revision{Timestamp: time.Unix(0, 0), Author: "Ada", Text: old})
	b := side(p, &model.Revision{Timestamp: time.Unix(3600, 0), Author: "Ben", Text: new})
	return diff.Compare(p.Title, a, b)
}

// changes lists a result's section and table changes in one line each.
func changes(r *diff.Result) string {
	var out []string
	for _, s := range r.Sections {
		out = append(out, fmt.Sprintf("section %s %s %s", s.Change, s.FromTitle, s.Title))
	}
	for _, t := range r.Tables {
		out = append(out, fmt.Sprintf("table %s %s %s values=%v", t.Change, t.FromID, t.ID, t.ValuesChanged))
	}
	return strings.Join(out, "\n")
}

func wikitable(rows ...string) string {
	var b strings.Builder
	b.WriteString("{| class=\"wikitable\"\n! Name !! Points\n")
	for _, r := range rows {
		name, pts, _ := strings.Cut(r, "=")
		fmt.Fprintf(&b, "|-\n| %s || %s\n", name, pts)
	}
	b.WriteString("|}\n")
	return b.String()
}

// The threshold: a retitled section whose text is mostly rewritten is one
// removed and another added; one whose text mostly stayed is renamed and
// modified.
func TestSectionSimilarityThreshold(t *testing.T) {
	old := "== Setup ==\nEach player takes seven cards and the youngest player deals first.\n"
	kept := "== Preparation ==\nEach player takes eight cards and the youngest player deals first.\n"
	rewritten := "== Preparation ==\nShuffle the tiles face down; every player draws a rack of them.\n"
	if got, want := changes(compare(old, kept)), "section renamed Setup Preparation\nsection modified  Preparation"; got != want {
		t.Errorf("mostly kept:\n%s\nwant\n%s", got, want)
	}
	if got, want := changes(compare(old, rewritten)), "section added  Preparation\nsection removed  Setup"; got != want {
		t.Errorf("rewritten:\n%s\nwant\n%s", got, want)
	}
	// A section with no text of its own is compared by its subsections.
	parent := func(title string) string {
		return "== " + title + " ==\n=== Dealing ===\nDeal five cards.\n=== Passing ===\nPass three cards left.\n"
	}
	if got, want := changes(compare(parent("Setup"), parent("Preparation"))), "section renamed Setup Preparation"; got != want {
		t.Errorf("parent renamed:\n%s\nwant\n%s", got, want)
	}
}

// Tables follow their content when ids shift: a table inserted before two
// others of the same section takes the first id, and the two others are
// renamed (their values unchanged), not modified into each other.
func TestTableIDsShift(t *testing.T) {
	t1, t2 := wikitable("Pair=1", "Flush=5", "Straight=4"), wikitable("Early=2", "Late=7", "Never=0")
	t0 := wikitable("Ace=11", "King=4", "Queen=3")
	r := compare("== Scoring ==\n"+t1+"\n"+t2, "== Scoring ==\n"+t0+"\n"+t1+"\n"+t2)
	want := "section modified  Scoring\n" +
		"table added  demo/scoring values=true\n" +
		"table renamed demo/scoring demo/scoring-2 values=false\n" +
		"table renamed demo/scoring-2 demo/scoring-3 values=false"
	if got := changes(r); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if r.RulesChanged() != true {
		t.Error("a table added is a rule change")
	}
	// A section renamed and a new one under the old title in the same
	// edit: the table follows its content to the renamed section.
	r = compare("== Scoring ==\n"+t1, "== Final scoring ==\n"+t1+"== Scoring ==\n"+t0)
	for _, tc := range r.Tables {
		if tc.Change == diff.TableRenamed && (tc.FromID != "demo/scoring" || tc.ToID != "demo/final-scoring" || tc.ValuesChanged) {
			t.Errorf("the table of the renamed section: %+v", tc)
		}
		if tc.Change == diff.TableAdded && tc.ID != "demo/scoring" {
			t.Errorf("the new table: %+v", tc)
		}
	}
	if len(r.Tables) != 2 {
		t.Errorf("%d table changes:\n%s", len(r.Tables), changes(r))
	}
}

// Two tables that share only numbers are different tables: a table
// removed from one section and another added elsewhere stay removed and
// added.
func TestUnrelatedTables(t *testing.T) {
	r := compare("== Scoring ==\n"+wikitable("Pair=1", "Flush=5", "Straight=4")+"== Rounds ==\nPlay three rounds.\n",
		"== Scoring ==\nSee the box.\n== Rounds ==\n{| class=\"wikitable\"\n! Round !! Cards\n|-\n| First || 5\n|-\n| Second || 4\n|}\n")
	want := "section modified  Scoring\nsection modified  Rounds\ntable added  demo/rounds values=true\ntable removed  demo/scoring values=true"
	if got := changes(r); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A column whose header and values both changed is a column removed and
// one added; an empty column renamed at the same place is renamed.
func TestColumnsRenamed(t *testing.T) {
	old := "== Scoring ==\n{| class=\"wikitable\"\n! Hand !! Points !! Notes !! Limit\n|-\n| Pair || 1 || || once\n|-\n| Flush || 5 || || none\n|}\n"
	new := "== Scoring ==\n{| class=\"wikitable\"\n! Hand !! Score !! Remarks !! Round\n|-\n| Pair || 1 || || any\n|-\n| Flush || 5 || || last\n|}\n"
	r := compare(old, new)
	if len(r.Tables) != 1 {
		t.Fatalf("%d table changes", len(r.Tables))
	}
	tc := r.Tables[0]
	got := fmt.Sprint(tc.ColumnsRenamed, tc.ColumnsAdded, tc.ColumnsRemoved, tc.ValuesChanged)
	if want := "[{Points Score} {Notes Remarks}] [Round] [Limit] true"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// The blame's JSON holds the cells in column order, and reads back.
func TestBlameJSON(t *testing.T) {
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	b := diff.NewBlamer(p.Title, true)
	for i, text := range []string{
		"== Scoring ==\n{|\n! Zeta !! Alpha\n|-\n| a || 1\n|}\n",
		"== Scoring ==\n{|\n! Zeta !! Alpha\n|-\n| a || 2\n|}\n",
	} {
		b.Add(side(p, &model.Revision{Timestamp: time.Unix(int64(i)*60, 0), Author: fmt.Sprint("E", i), Summary: "s", Text: text}))
	}
	bl := b.Blame()
	data, err := json.Marshal(bl)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"page":"Gamehelpdemo","revision":{"timestamp":"1970-01-01T00:01:00Z","author":"E1"},"tables":[{"id":"demo/scoring","rows":[` +
		`{"key":"a","since":{"timestamp":"1970-01-01T00:00:00Z","author":"E0","summary":"s","boundary":true},` +
		`"cells":{"Zeta":{"value":"a","timestamp":"1970-01-01T00:00:00Z","author":"E0","summary":"s","boundary":true},` +
		`"Alpha":{"value":2,"timestamp":"1970-01-01T00:01:00Z","author":"E1","summary":"s"}}}]}]}`
	if string(data) != want {
		t.Errorf("got\n%s\nwant\n%s", data, want)
	}
	var back diff.Blame
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if cs := back.Tables[0].Rows[0].Cells; len(cs) != 2 || cs[0].Column != "Zeta" || cs[1].Column != "Alpha" || cs[1].Author != "E1" || !cs[0].Boundary {
		t.Errorf("read back: %+v", cs)
	}
	if err := json.Unmarshal([]byte(`{"tables":[{"rows":[{"cells":[1]}]}]}`), &back); err == nil {
		t.Error("cells that are not an object read without an error")
	}
	if diff.NewBlamer("x", false).Blame() != nil {
		t.Error("a blame of nothing")
	}
}

// Sections and Tables compare without Compare: Tables pairs tables by id,
// content, or the title of their section.
func TestSectionsAndTables(t *testing.T) {
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	a := side(p, &model.Revision{Text: "== Goals ==\n" + wikitable("Two=30", "Four=20")})
	b := side(p, &model.Revision{Text: "== End ==\n" + wikitable("Two=30", "Four=20") + "== Goals ==\n" + wikitable("Six=1", "Nine=2")})
	if s := diff.Sections(a.Doc, b.Doc); len(s) != 2 || s[0].Change != diff.SectionAdded || s[1].Change != diff.SectionModified {
		t.Errorf("sections: %+v", s)
	}
	// The old table's content is demo/end's now: renamed; the new
	// demo/goals shares only its id and header with it: added.
	tc := diff.Tables(a.Tables, b.Tables)
	if len(tc) != 2 || tc[0].ID != "demo/end" || tc[0].Change != diff.TableRenamed || tc[1].ID != "demo/goals" || tc[1].Change != diff.TableAdded {
		t.Errorf("tables: %+v", tc)
	}
	bl := diff.NewBlamer(p.Title, false)
	bl.Add(a)
	bl.Add(b)
	rn := bl.Renamed()
	if len(rn) != 0 {
		t.Errorf("demo/goals is still an id of the page, not a former one: %+v", rn)
	}
	if got := bl.Blame().Table("demo/end"); got == nil || len(got.Renames) != 1 || got.Renames[0].From != "demo/goals" {
		t.Errorf("demo/end's renames: %+v", got)
	}
	if bl.Blame().Table("demo/none") != nil {
		t.Error("a table that is not there")
	}
}

// Subsections of one title under different sections ("Example" under
// Setup and under Scoring) pair with the one under the same section: an
// "Example" added under Setup is one section added, not Scoring's
// "Example" taken for it (modified), Scoring then moved and its own
// "Example" added.
func TestSameTitleUnderOtherSections(t *testing.T) {
	scoring := "== Scoring ==\nCount your points at the end.\n=== Example ===\n" + wikitable("Pair=1", "Flush=5")
	old := "== Setup ==\nDeal seven cards to each player.\n" + scoring
	added := "== Setup ==\nDeal seven cards to each player.\n=== Example ===\nAlice gets seven cards, Bob gets seven cards.\n" + scoring
	if got, want := changes(compare(old, added)), "section added  Example"; got != want {
		t.Errorf("an example added under Setup:\n%s\nwant\n%s", got, want)
	}
	// Two sections swapped with their subsections of one title: each
	// subsection stays with its section.
	a := "== Setup ==\nDeal.\n=== Example ===\nAlice deals.\n== Scoring ==\nCount.\n=== Example ===\nBob counts.\n"
	b := "== Scoring ==\nCount.\n=== Example ===\nBob counts.\n== Setup ==\nDeal.\n=== Example ===\nAlice deals.\n"
	for _, s := range compare(a, b).Sections {
		if s.Change != diff.SectionMoved {
			t.Errorf("swapped sections: %+v; want only moves", s)
		}
	}
}

// Sibling sections of one title ("Example" after each action) pair by
// their order around the sections that stayed: an action inserted with
// its "Example" is two sections added, not every "Example" after it
// taken for the one before (modified) and the actions between read as
// moved.
func TestSameTitleSiblings(t *testing.T) {
	page := func(actions ...string) string {
		var b strings.Builder
		b.WriteString("== Actions ==\nOn your turn take one action.\n")
		for _, a := range actions {
			fmt.Fprintf(&b, "=== %s ===\nYou may %s once.\n=== Example ===\nAlice does %s.\n", a, strings.ToLower(a), strings.ToLower(a))
		}
		return b.String()
	}
	old := page("Draw", "Play", "Discard", "Score")
	if got, want := changes(compare(old, page("Draw", "Trade", "Play", "Discard", "Score"))), "section added  Trade\nsection added  Example"; got != want {
		t.Errorf("an action inserted:\n%s\nwant\n%s", got, want)
	}
	if got, want := changes(compare(old, page("Draw", "Discard", "Score"))), "section removed  Play\nsection removed  Example"; got != want {
		t.Errorf("an action removed:\n%s\nwant\n%s", got, want)
	}
	// A section paired by its text anchors the others: one after it is
	// not taken for one before it (a move), however its titles run.
	before := "== Example ==\none\n== Example ==\ntwo\n"
	after := "== Example ==\nnew\n== Example ==\none\n== Example ==\ntwo edited\n"
	if got := changes(compare(before, after)); strings.Contains(got, "moved") || strings.Count(got, "\n") != 1 {
		t.Errorf("a section inserted before two of one title, the second edited:\n%s\nwant one added and one modified", got)
	}
}

// A retitle that changes only the case of a title, or an underscore for a
// space, is a rename like any other (the page shows another title), and
// the section is still paired by its title (its anchor but for case, its
// tables' ids) whatever its text became; re-spacing a title shows nothing
// new and renames nothing.
func TestRetitleCaseAndSpacing(t *testing.T) {
	table := wikitable("Pair=2", "Flush=5")
	for _, c := range []struct {
		name, old, new, want string
		sim                  float64 // of the rename, when there is one
	}{
		{"case", "== Scoring ==\n" + table, "== scoring ==\n" + table,
			"section renamed Scoring scoring", 1},
		{"case, a section added before", "== Scoring ==\n" + table, "== Setup ==\nDeal five cards.\n== scoring ==\n" + table,
			"section added  Setup\nsection renamed Scoring scoring", 1},
		{"case, text rewritten", "== Scoring ==\nCount the cards left in the other hands.\n", "== SCORING ==\nEvery trick won is one point.\n",
			"section renamed Scoring SCORING\nsection modified  SCORING", 0},
		{"underscore, text rewritten", "== Game_end ==\nThe game ends when the deck runs out.\n=== Bonus ===\n" + table,
			"== Game end ==\nPlayers stop after the third round.\n=== Bonus ===\n" + table,
			"section renamed Game_end Game end\nsection modified  Game end", 0.14},
		{"spacing", "==Scoring==\n" + table + "== Game  end ==\nStop.\n", "== Scoring  ==\n" + table + "== Game end ==\nStop.\n", "", 0},
	} {
		r := compare(c.old, c.new)
		if got := changes(r); got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, got, c.want)
			continue
		}
		for _, s := range r.Sections {
			if s.Change == diff.SectionRenamed && s.Similarity != c.sim {
				t.Errorf("%s: similarity %v, want %v", c.name, s.Similarity, c.sim)
			}
		}
	}
}

// A row added after the last one, or the last row removed, changes no
// other cell: the cell before the new row is not counted as changed in
// its formatting (its wikitext is its own, without the next row's "|-"
// or the table's "|}" line after it).
func TestLastRowNoFormattingCell(t *testing.T) {
	rows := []string{"Pair=1", "Flush=5", "Straight=4"}
	old := "== Scoring ==\n" + wikitable(rows...)
	for name, new := range map[string]string{
		"appended": "== Scoring ==\n" + wikitable(append(rows, "Full house=8")...),
		"removed":  "== Scoring ==\n" + wikitable(rows[:2]...),
	} {
		r := compare(old, new)
		if len(r.Tables) != 1 || r.Tables[0].FormattingCells != 0 || len(r.Tables[0].RowsAdded)+len(r.Tables[0].RowsRemoved) != 1 {
			t.Errorf("last row %s: %+v; want one row added or removed and no cell changed in formatting", name, r.Tables)
		}
	}
}

// An item added after the last one of a list table, or the last one
// removed, changes no other cell: the item before it is not counted as
// changed in its formatting (its wikitext is its own line, without the
// next item's "*" or the line break before it).
func TestLastListItemNoFormattingCell(t *testing.T) {
	for _, c := range []struct{ name, old, new string }{
		{"appended", "* 14 x Tempura\n* 3 x Wasabi\n", "* 14 x Tempura\n* 3 x Wasabi\n* 6 x Sashimi\n"},
		{"removed", "* 14 x Tempura\n* 3 x Wasabi\n* 6 x Sashimi\n", "* 14 x Tempura\n* 3 x Wasabi\n"},
		{"appended before text", "* 14 x Tempura\n* 3 x Wasabi\nThe rest of the deck.\n", "* 14 x Tempura\n* 3 x Wasabi\n* 6 x Sashimi\nThe rest of the deck.\n"},
		{"numbered", "# Pair 2\n# Flush 5\n", "# Pair 2\n# Flush 5\n# Straight 4\n"},
		{"definitions", "; Pair : 2\n; Flush : 5\n", "; Pair : 2\n; Flush : 5\n; Straight : 4\n"},
	} {
		r := compare("== Deck ==\n"+c.old, "== Deck ==\n"+c.new)
		if len(r.Tables) != 1 || r.Tables[0].FormattingCells != 0 || len(r.Tables[0].RowsAdded)+len(r.Tables[0].RowsRemoved) != 1 {
			t.Errorf("%s: %+v; want one row added or removed and no cell changed in formatting", c.name, r.Tables)
		}
	}
}

// renamedPage is a page of n sections (each with a small table) and the
// same page with every section retitled and every column renamed: the most
// work pairing can have.
func renamedPage(n int) (*diff.Side, *diff.Side) {
	var a, b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&a, "== Part %d ==\nRound %d of the game, played with %d cards.\n{|\n! Name !! Points %d\n|-\n| p%d || %d\n|}\n", i, i, i%50, i, i, i%13)
		fmt.Fprintf(&b, "== Chapter %d ==\nRound %d of the game, played with %d cards.\n{|\n! Name !! Score %d\n|-\n| p%d || %d\n|}\n", i, i, i%50, i, i, i%13)
	}
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	return side(p, &model.Revision{Text: a.String()}), side(p, &model.Revision{Text: b.String()})
}

// Pairing stays near-linear when every section and table of a large page
// is renamed: past 4,096 candidate pairs each is compared only with those
// near its place. Work is counted in allocations, which do not depend on
// the machine's load.
func TestRenamedPageLinear(t *testing.T) {
	allocs := func(n int) float64 {
		a, b := renamedPage(n)
		var r *diff.Result
		got := testing.AllocsPerRun(1, func() { r = diff.Compare("Gamehelpdemo", a, b) })
		renamed := 0
		for _, tc := range r.Tables {
			if tc.Change == diff.TableRenamed && !tc.ValuesChanged {
				renamed++
			}
		}
		if renamed != n {
			t.Errorf("%d sections: %d tables renamed with their values, want all", n, renamed)
		}
		return got
	}
	small, large := allocs(500), allocs(2000)
	t.Logf("%.0f allocations for 500 renamed sections, %.0f for 2000: ×%.2f", small, large, large/small)
	if large/small > 6 {
		t.Errorf("4× the sections cost ×%.2f the allocations", large/small)
	}
}

func BenchmarkCompareRenamed(b *testing.B) {
	for _, n := range []int{500, 2000} {
		x, y := renamedPage(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(x.Doc.Source) + len(y.Doc.Source)))
			for b.Loop() {
				diff.Compare("Gamehelpdemo", x, y)
			}
		})
	}
}

// TestMatchingPerPair: a side keeps its matching with the side it was last
// compared after, for the blame and the diff of the same pair; compared
// after another side, it is matched again.
func TestMatchingPerPair(t *testing.T) {
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	rev := func(text string) *model.Revision {
		return &model.Revision{Text: text, Timestamp: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}
	}
	table := func(v string) string { return "{|\n! Card !! Points\n|-\n| Ace || " + v + "\n|}\n" }
	a1 := rev("== Scoring ==\n" + table("1"))
	a2 := rev("== Points ==\n" + table("2"))
	b := rev("== Scoring ==\n" + table("3"))
	dump := func(r *diff.Result) string { return fmt.Sprintf("%+v %+v", r.Sections, r.Tables) }
	sb := side(p, b)
	first := dump(diff.Compare(p.Title, side(p, a1), sb))
	again := dump(diff.Compare(p.Title, side(p, a2), sb))
	if want := dump(diff.Compare(p.Title, side(p, a2), side(p, b))); again != want {
		t.Errorf("compared after another side, the matching is the first one's:\ngot  %s\nwant %s", again, want)
	}
	if first == again {
		t.Errorf("the two comparisons should differ (a renamed section, another value): %s", first)
	}
}

// TestLinesOf: LinesOf is Lines of the sides' texts, a side's lines being
// split once for every comparison it is in.
func TestLinesOf(t *testing.T) {
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	texts := []string{"", "one\ntwo\n", "one\n2\nthree\n", "zero\none\ntwo\nthree\nfour", "one\ntwo\n"}
	sides := make([]*diff.Side, len(texts))
	for i, s := range texts {
		sides[i] = side(p, &model.Revision{Text: s, Timestamp: time.Date(2024, 1, i+1, 0, 0, 0, 0, time.UTC)})
	}
	for round := range 2 {
		for i := range texts {
			for j := range texts {
				got, want := fmt.Sprintf("%+v", diff.LinesOf(sides[i], sides[j], 0)), fmt.Sprintf("%+v", diff.Lines(texts[i], texts[j], 0))
				if got != want {
					t.Errorf("round %d: LinesOf(%q, %q) = %s; want %s", round, texts[i], texts[j], got, want)
				}
			}
		}
	}
}
