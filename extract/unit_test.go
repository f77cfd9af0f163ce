package extract_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

func TestCellValue(t *testing.T) {
	for in, want := range map[string]any{
		"14":                 int64(14),
		"+10":                int64(10),
		"−13":                int64(-13),
		"-7":                 int64(-7),
		"1,000":              int64(1000),
		"2.5":                2.5,
		"50%":                int64(50),
		"$3":                 int64(3),
		"10 points":          int64(10),
		"20 starting points": int64(20),
		"5 or more":          "5 or more",
		"1 per card":         "1 per card",
		"2x player count":    "2x player count",
		"face value":         "face value",
		"":                   nil,
		"  12  ":             int64(12),
		"1,5":                "1,5",
		"9 high":             "9 high",
		"½":                  0.5,
		"2½":                 2.5,
		"2 ½":                2.5,
		"−¼":                 -0.25,
		"1 ¾ points":         1.75,
		"3/4":                "3/4",
		"1 1/2":              "1 1/2",
		"2.5½":               "2.5½",
		"a½":                 "a½",
		"2  ½":               2.5, // spaces collapse before the value is read
		"½ per card":         "½ per card",
		"30 %":               int64(30), // a percent sign apart, as French pages write it
		"30\u00a0%":          int64(30),
		"30 % each":          "30 % each",
		"% 30":               "% 30",
	} {
		if got := extract.CellValue(in); got != want {
			t.Errorf("CellValue(%q) = %#v, want %#v", in, got, want)
		}
	}
}

func tables(t *testing.T, src string) *extract.PageTables {
	t.Helper()
	doc := parser.Parse(src, &parser.Options{})
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	return extract.Extract(doc, p, nil)
}

func TestSpansAndHeaders(t *testing.T) {
	pt := tables(t, `== Scores ==
{| class="wikitable"
! colspan="3" | Title row
|-
! Hand !! Top !! Bottom
|-
| rowspan="2" | Pair || 1 || 2
|-
| 3 || 4
|}`)
	tb := pt.Table("demo/scores")
	if tb == nil {
		t.Fatal("no table")
	}
	if strings.Join(tb.Columns, ",") != "Hand,Top,Bottom" || tb.Caption != "Title row" {
		t.Errorf("columns %v caption %q", tb.Columns, tb.Caption)
	}
	expectRows(t, tb, []string{"Hand", "Top", "Bottom"}, "Pair|1|2", "Pair|3|4")
	if tb.Kind != extract.KindScoring {
		t.Errorf("kind %s", tb.Kind)
	}
}

func TestRaggedAndConflict(t *testing.T) {
	pt := tables(t, `{|
! A !! B !! C
|-
| 1 || 2
|-
| x || rowspan="2" | y || z
|-
| colspan="2" | wide || w
|}`)
	if len(pt.Tables) != 1 {
		t.Fatalf("%d tables", len(pt.Tables))
	}
	tb := pt.Tables[0]
	for _, r := range tb.Rows {
		if len(r) != 3 {
			t.Errorf("row of %d cells", len(r))
		}
	}
	msgs := ""
	for _, w := range pt.Warnings {
		msgs += w.Text + "\n"
	}
	if !strings.Contains(msgs, "different numbers of cells") || !strings.Contains(msgs, "overlap") {
		t.Errorf("warnings: %q", msgs)
	}
	if pt.Warnings[0].Line != 1 {
		t.Errorf("warning line %d, want 1", pt.Warnings[0].Line)
	}
}

func TestHTMLAndSideways(t *testing.T) {
	pt := tables(t, `== Values ==
<table><tr><th>Rank</th><th>7</th><th>6</th><th>Ace</th><th>5</th></tr>
<tr><th>Value</th><td>21</td><td>18</td><td>16</td><td>15</td></tr></table>`)
	tb := pt.Table("demo/values")
	if tb == nil || tb.Source.Form != extract.FormHTML {
		t.Fatalf("table %+v", tb)
	}
	expectRows(t, tb, []string{"Rank", "Value"}, "7|21", "6|18", "Ace|16", "5|15")
}

func TestListForms(t *testing.T) {
	pt := tables(t, `== Deck ==
The deck holds 52 cards:
* 13 x Hearts
* 13 × Spades
* 13 Clubs
* 13 Diamonds

== Variants ==
* Fast: rounds last one minute
* Slow (no time limit)
* Team play: two against two

== Points ==
* Win 3
* Draw 1
* Loss 0
`)
	deck := pt.Table("demo/deck")
	if deck == nil || deck.DeclaredTotal != int64(52) || len(deck.Rows) != 4 || deck.Kind != extract.KindCards {
		t.Fatalf("deck %+v", deck)
	}
	opts := pt.Table("demo/variants")
	if opts == nil || opts.Kind != extract.KindOptions {
		t.Fatalf("options %+v", opts)
	}
	expectRows(t, opts, []string{"option", "description"}, "Fast|rounds last one minute", "Slow|no time limit", "Team play|two against two")
	expectRows(t, pt.Table("demo/points"), []string{"label", "value"}, "Win|3", "Draw|1", "Loss|0")
}

func TestIDsPerSection(t *testing.T) {
	pt := tables(t, "== Scoring ==\n{|\n! a !! b\n|-\n| 1 || 2\n|}\n{|\n! a !! b\n|-\n| 3 || 4\n|}\n")
	if len(pt.Tables) != 2 || pt.Tables[0].ID != "demo/scoring" || pt.Tables[1].ID != "demo/scoring-2" {
		t.Errorf("ids: %v", []string{pt.Tables[0].ID, pt.Tables[1].ID})
	}
}

func TestTemplateCells(t *testing.T) {
	pt := tables(t, "== Cards ==\n{|\n! Card !! Points\n|-\n| {{spade|=Q}} || 13\n|-\n| {{heart|K}} || 1\n|}")
	expectRows(t, pt.Table("demo/cards"), []string{"Card", "Points"}, "Q♠|13", "K♥|1")
}

// Kinds and forms read and write their names, which are what the outputs
// hold; a value that is none is an error, not a silent "".
func TestKindAndFormText(t *testing.T) {
	kinds := map[extract.Kind]string{extract.KindCards: "cards", extract.KindScoring: "scoring",
		extract.KindRoyalties: "royalties", extract.KindOptions: "options", extract.KindTable: "table"}
	for k, name := range kinds {
		b, err := k.MarshalText()
		if err != nil || string(b) != name || k.String() != name {
			t.Errorf("%d: MarshalText %q, %v; String %q; want %q", k, b, err, k.String(), name)
		}
		var back extract.Kind
		if err := back.UnmarshalText([]byte(name)); err != nil || back != k {
			t.Errorf("UnmarshalText(%q) = %d, %v", name, back, err)
		}
	}
	forms := map[extract.Form]string{extract.FormWikitable: "wikitable", extract.FormHTML: "html",
		extract.FormList: "list", extract.FormLines: "lines", extract.FormPre: "pre"}
	for f, name := range forms {
		b, err := f.MarshalText()
		if err != nil || string(b) != name || f.String() != name {
			t.Errorf("%d: MarshalText %q, %v; String %q; want %q", f, b, err, f.String(), name)
		}
		var back extract.Form
		if err := back.UnmarshalText([]byte(name)); err != nil || back != f {
			t.Errorf("UnmarshalText(%q) = %d, %v", name, back, err)
		}
	}
	if _, err := extract.Kind(0).MarshalText(); err == nil {
		t.Error("the zero Kind marshals")
	}
	if _, err := extract.Form(99).MarshalText(); err == nil || extract.Form(99).String() != "Form(99)" {
		t.Errorf("Form(99): %v, %s", err, extract.Form(99))
	}
	var k extract.Kind
	if err := k.UnmarshalText([]byte("Cards")); err == nil {
		t.Error(`UnmarshalText("Cards") succeeded: names are exact`)
	}
	var f extract.Form
	if err := f.UnmarshalText([]byte("")); err == nil {
		t.Error(`UnmarshalText("") succeeded`)
	}
	// In JSON, through encoding/json, they read as their names.
	b, err := json.Marshal(struct {
		Kind extract.Kind
		Form extract.Form
	}{extract.KindRoyalties, extract.FormPre})
	if err != nil || string(b) != `{"Kind":"royalties","Form":"pre"}` {
		t.Errorf("json: %s, %v", b, err)
	}
}

// Footnote markers are not part of a value: "14<ref>…</ref>" is 14, and
// the references list is not a table.
func TestFootnotesAreNotValues(t *testing.T) {
	pt := tables(t, `== Scores ==
{| class="wikitable"
! Card !! Points
|-
| Ace || 14<ref>Aces are high.</ref>
|-
| King || 13<ref name="k">Kings: 2 × 6 + 1.</ref>
|}
Bonus 5<ref name="k"/>

== Notes ==
<references/>`)
	tb := pt.Table("demo/scores")
	if tb == nil {
		t.Fatal("no table")
	}
	expectRows(t, tb, []string{"Card", "Points"}, "Ace|14", "King|13")
	if v := tb.Get(tb.Rows[0], "Points"); v != int64(14) {
		t.Errorf("Ace points = %#v, want the number 14", v)
	}
	for _, x := range pt.Tables {
		if strings.HasPrefix(x.ID, "demo/notes") {
			t.Errorf("the references list became a table: %+v", x)
		}
	}
}

// TestIDPrefix: a game's rules page's tables are "<game>/…", its tips
// page's "<game>/tips/…" (the two pages often share section names), and a
// page of no game's "<title slug>/…".
func TestIDPrefix(t *testing.T) {
	for _, c := range []struct {
		page model.Page
		want string
	}{
		{model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}, "demo"},
		{model.Page{Title: "Tips demo", Game: "demo", Kind: model.PageTips}, "demo/tips"},
		{model.Page{Title: "House rules", Kind: model.PageOther}, "house-rules"},
	} {
		if got := extract.IDPrefix(&c.page); got != c.want {
			t.Errorf("IDPrefix(%q) = %q; want %q", c.page.Title, got, c.want)
		}
	}
	src := "== Setup ==\n{|\n! A !! B\n|-\n| x || 1\n|}\n"
	p := &model.Page{Title: "Tips demo", Game: "demo", Kind: model.PageTips}
	pt := extract.Extract(parser.Parse(src, &parser.Options{Title: p.Title}), p, &model.Revision{Text: src})
	if len(pt.Tables) != 1 || pt.Tables[0].ID != "demo/tips/setup" {
		t.Errorf("tips page's table ids: %v; want [demo/tips/setup]", ids(pt))
	}
}

// TestIDsNumberedPastSlugs: a second table of a section takes the next
// number no other table of the page has, a section's own slug included.
func TestIDsNumberedPastSlugs(t *testing.T) {
	table := "{|\n! A !! B\n|-\n| x || 1\n|}\n"
	src := "== Setup 2 ==\n" + table + "== Setup ==\n" + table + table + table
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	pt := extract.Extract(parser.Parse(src, &parser.Options{Title: p.Title}), p, &model.Revision{Text: src})
	if got, want := fmt.Sprint(ids(pt)), "[demo/setup-2 demo/setup demo/setup-3 demo/setup-4]"; got != want {
		t.Errorf("ids %s; want %s", got, want)
	}
}

func ids(pt *extract.PageTables) []string {
	var out []string
	for _, t := range pt.Tables {
		out = append(out, t.ID)
	}
	return out
}

// A table under a heading a template makes is named after that heading,
// as under one of the page's own (it was named after the heading before
// the call's when the call made nothing but its heading).
func TestIDsUnderTemplateHeadings(t *testing.T) {
	w := parser.NewWikiTemplates()
	w.Add("H", "== {{{1}}} ==")
	w.Add("HP", "== {{{1}}} ==\nSome words.")
	for _, call := range []string{"{{H|Scoring}}", "{{HP|Scoring}}"} {
		src := "Lead\n== Intro ==\n" + call + "\n{|\n! Card !! Points\n|-\n| Ace || 11\n|}\n"
		doc := parser.Parse(src, &parser.Options{WikiTemplates: w})
		pt := extract.Extract(doc, &model.Page{Title: "Gamehelpdemo", Game: "demo"}, &model.Revision{Text: src})
		if len(pt.Tables) != 1 || pt.Tables[0].ID != "demo/scoring" || strings.Join(pt.Tables[0].Section, "/") != "Scoring" {
			for _, tb := range pt.Tables {
				t.Errorf("%s: table %s in %q, want demo/scoring in Scoring", call, tb.ID, tb.Section)
			}
			if len(pt.Tables) != 1 {
				t.Errorf("%s: %d tables, want 1", call, len(pt.Tables))
			}
		}
	}
}

// TestCellValueSeparators: a number written with separators is that
// number or stays text, never another number. A dot before exactly three
// digits after one to three ("1.000", "100.000") is a thousands separator
// on a European page and a decimal point on an English one: the cell
// stays text. A comma groups thousands only after one to three digits, not
// a lone 0 ("0,500" is a European decimal, "12345,678" no number at all).
// No-break and thin spaces group thousands ("1 000", as {{formatnum}}
// writes them in French); a plain space does not, since a line break
// reads as one ("100<br>200").
func TestCellValueSeparators(t *testing.T) {
	for in, want := range map[string]any{
		"1.000":                "1.000",
		"100.000":              "100.000",
		"−1.000":               "−1.000",
		"12.345":               "12.345",
		"1.000 points":         "1.000 points",
		"0.125":                0.125,
		"1.25":                 1.25,
		"1234.567":             1234.567,
		"1,000.500":            1000.5,
		"0,500":                "0,500",
		"12345,678":            "12345,678",
		"1234,567":             "1234,567",
		"1,000,000":            int64(1000000),
		"1,00,000":             "1,00,000",
		"1\u00a0000":           int64(1000),
		"1\u202f000":           int64(1000),
		"1\u2009000":           int64(1000),
		"10\u00a0000\u00a0000": int64(10000000),
		"−2\u00a0500":          int64(-2500),
		"1\u00a0000 points":    int64(1000),
		"1\u00a000":            "1 00",
		"1 000":                "1 000",
		"100 200":              "100 200",
		"2\u00a0½":             2.5,
		"1\u00a0¾ points":      1.75,
	} {
		if got := extract.CellValue(in); got != want {
			t.Errorf("CellValue(%q) = %#v, want %#v", in, got, want)
		}
	}
}

// TestFootnoteMarks: a footnote mark typed after a number ("14*", "14[1]",
// "14†", a superscript "14<sup>1</sup>") is not part of the value, as a
// <ref>'s is not; a superscript that is a word ("1<sup>st</sup>") is.
func TestFootnoteMarks(t *testing.T) {
	pt := tables(t, `== Scores ==
{| class="wikitable"
! Card !! Points<sup>1</sup>
|-
| Ace || 14*
|-
| King || 13 [2]
|-
| Queen || 12†
|-
| Jack || 11<sup>1</sup>
|-
| Ten || 10<sup>[a]</sup>
|-
| Nine || 9 points**
|-
| 1<sup>st</sup> || *
|-
| Eight || [3]
|}
Gold 10<sup>2</sup>

Silver 5<sup>*</sup>`)
	tb := pt.Table("demo/scores")
	if tb == nil {
		t.Fatal("no table")
	}
	expectRows(t, tb, []string{"Card", "Points"}, "Ace|14", "King|13", "Queen|12", "Jack|11", "Ten|10", "Nine|9", "1st|*", "Eight|[3]")
	for i, want := range []any{int64(14), int64(13), int64(12), int64(11), int64(10), int64(9), "*", "[3]"} {
		if v := tb.Get(tb.Rows[i], "Points"); v != want {
			t.Errorf("row %d: Points = %#v, want %#v", i+1, v, want)
		}
	}
	lines := pt.Table("demo/scores-2")
	if lines == nil {
		t.Fatalf("no lines table: %v", ids(pt))
	}
	expectRows(t, lines, []string{"label", "value"}, "Gold|10", "Silver|5")
}

// TestBoldRowsAfterHeader: after a header row of "!" cells, a row made
// bold for emphasis is data, not a second header row (it named the
// columns, and its values were lost); a header row repeated inside the
// data, as long sortable tables do, is not a row.
func TestBoldRowsAfterHeader(t *testing.T) {
	pt := tables(t, `== Scoring ==
{| class="wikitable"
! Medal !! Points
|-
| '''Gold''' || '''10'''
|-
| Silver || 5
|-
| Bronze || 2
|}

== Awards ==
{| class="wikitable sortable"
! Award !! Points
|-
| Most cards || 3
|-
| Most coins || 2
|-
! Award !! Points
|-
| Last out || 1
|}

== Bold header ==
{| class="wikitable"
| '''Medal''' || '''Points'''
|-
| Gold || 10
|-
| Silver || 5
|}`)
	expectRows(t, pt.Table("demo/scoring"), []string{"Medal", "Points"}, "Gold|10", "Silver|5", "Bronze|2")
	expectRows(t, pt.Table("demo/awards"), []string{"Award", "Points"}, "Most cards|3", "Most coins|2", "Last out|1")
	expectRows(t, pt.Table("demo/bold-header"), []string{"Medal", "Points"}, "Gold|10", "Silver|5")
}

// TestPatternNumbers: the numbers of items that are the same sentence are
// read whole: a minus sign before one (a hyphen in "2-player" or a range
// "2-4" is none), thousands separators, decimals and vulgar fractions.
func TestPatternNumbers(t *testing.T) {
	pt := tables(t, `== Penalties ==
* 1 card = −1 point
* 2 cards = −3 points
* 3 cards = -6 points

== Coins ==
* In a 2 player game, each player gets 1,000 coins
* In a 3 player game, each player gets 1,500 coins
* In a 4 player game, each player gets 12,000 coins

== Sets ==
* 1 set = ½ point
* 2 sets = 1½ points
* 3 sets = 2 ½ points
* 4 sets = 3.5 points

== Ranges ==
* In a 2-player game, remove 3-4 cards
* In a 3-player game, remove 2-3 cards
`)
	for id, want := range map[string][]string{
		"demo/penalties": {"cards", "points", "1|-1", "2|-3", "3|-6"},
		"demo/coins":     {"players", "coins", "2|1000", "3|1500", "4|12000"},
		"demo/sets":      {"sets", "points", "1|0.5", "2|1.5", "3|2.5", "4|3.5"},
	} {
		if tb := pt.Table(id); tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
		} else {
			if len(tb.Columns) != 2 {
				t.Errorf("%s: columns %q, want %q", id, tb.Columns, want[:2])
			}
			expectRows(t, tb, want[:2], want[2:]...)
		}
	}
	if r := pt.Table("demo/ranges"); r != nil {
		for _, row := range r.Rows {
			for _, c := range row {
				if n, ok := c.Value.(int64); ok && n < 0 {
					t.Errorf("ranges: %q read as %d", c.Text, n)
				}
			}
		}
	}
}

// TestTotalRowSpanningLabel: a last row whose "Total" spans the columns
// before its number is the declared total, as one of a single cell is
// (it stayed a row, counted among those it adds up).
func TestTotalRowSpanningLabel(t *testing.T) {
	pt := tables(t, `== Deck ==
{| class="wikitable"
! Color !! Shape !! Count
|-
| Red || Circle || 10
|-
| Blue || Square || 12
|-
| Green || Star || 8
|-
| colspan="2" | '''Total''' || '''30'''
|}`)
	expectTotal(t, pt.Table("demo/deck"), []string{"Color", "Shape", "Count"}, 30, "Red|Circle|10", "Blue|Square|12", "Green|Star|8")
}

// expectTotal checks a table's rows and its declared total of Count.
func expectTotal(t *testing.T, tb *extract.Table, cols []string, total int64, rows ...string) {
	t.Helper()
	if tb == nil {
		t.Fatal("no table")
	}
	expectRows(t, tb, cols, rows...)
	if tb.DeclaredTotal != total || tb.TotalColumn != "Count" {
		t.Errorf("declared total %#v of %q, want %d of Count", tb.DeclaredTotal, tb.TotalColumn, total)
	}
}

// TestSpanAttrAsBrowsersRead: a span is read as browsers read it, from
// its leading digits ("2px", "2;" span two columns where the page
// shows them), so the cells after it stay in their columns.
func TestSpanAttrAsBrowsersRead(t *testing.T) {
	pt := tables(t, `== Hands ==
{| class="wikitable"
! Hand !! Top !! Bottom !! Bonus
|-
| Pair || colspan="2px" | 5 || 1
|-
| Trips || colspan=" +2;" | 3 || 2
|-
| Quads || 6 || 7 || 3
|}`)
	tb := pt.Table("demo/hands")
	if tb == nil {
		t.Fatal("no table")
	}
	expectRows(t, tb, []string{"Hand", "Top", "Bottom", "Bonus"}, "Pair|5|5|1", "Trips|3|3|2", "Quads|6|7|3")
	if len(pt.Warnings) != 0 {
		t.Errorf("warnings: %v", pt.Warnings)
	}
}

// TestLabelValueThousands: a value whose thousands a no-break space
// groups ("1&nbsp;000"), or a plain space before a group that cannot be
// a number of its own ("1 000"), is one number, in lines and in lists (the
// "000" was the value and the "1" went into the label); a footnote mark
// after the value is not part of it.
func TestLabelValueThousands(t *testing.T) {
	pt := tables(t, `== Payouts ==
Royal flush 1&nbsp;000

Straight flush 250

Four of a kind 1 000

Full house 2&nbsp;500 (house rule)

Pair 10*

== Jackpots ==
* Royal flush 10&nbsp;000
* Straight flush 1&nbsp;250
* Four of a kind 500

== Deck ==
The deck has 1&nbsp;000 cards:
* 500 × Gold
* 500 × Silver

== Deck 2 ==
The deck has 1 000 cards:
* 500 × Gold
* 500 × Silver

== Coins ==
* 1&nbsp;000 × Gold
* 250 × Silver

== Aligned ==
Tiles: 1 2 3
Points: 1&nbsp;000 2&nbsp;000 5

== Pattern ==
* In a 2 player game, each player gets 1&nbsp;000 coins
* In a 3 player game, each player gets 1&nbsp;500 coins
`)
	for id, want := range map[string][]string{
		"demo/payouts":  {"label", "value", "note", "Royal flush|1000", "Straight flush|250", "Four of a kind|1000", "Full house|2500", "Pair|10"},
		"demo/jackpots": {"label", "value", "", "Royal flush|10000", "Straight flush|1250", "Four of a kind|500"},
		"demo/coins":    {"count", "name", "", "1000|Gold", "250|Silver"},
		"demo/aligned":  {"Tiles", "Points", "", "1|1000", "2|2000", "3|5"},
		"demo/pattern":  {"players", "coins", "", "2|1000", "3|1500"},
	} {
		if tb := pt.Table(id); tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
		} else {
			cols := want[:2]
			if want[2] != "" {
				cols = want[:3]
			}
			if strings.Join(tb.Columns, ",") != strings.Join(cols, ",") {
				t.Errorf("%s: columns %q, want %q", id, tb.Columns, cols)
			}
			expectRows(t, tb, want[:2], want[3:]...)
		}
	}
	for _, id := range []string{"demo/deck", "demo/deck-2"} {
		if tb := pt.Table(id); tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
		} else if tb.DeclaredTotal != int64(1000) {
			t.Errorf("%s: declared total %#v, want 1000", id, tb.DeclaredTotal)
		}
	}
}

// TestHiddenSortKeys: text a page hides (a sortable table's sort key in
// a <span style="display:none">) is not part of a value: the reader sees
// 11, the sort key "0011" was glued to it (1111).
func TestHiddenSortKeys(t *testing.T) {
	pt := tables(t, `== Scores ==
{| class="wikitable sortable"
! Card !! Points
|-
| Ace || <span style="display:none">0011</span>11
|-
| King || <span style="DISPLAY: none;">004</span>4
|-
| Queen || <span style="color: red; display : none">z</span>3
|-
| Jack || <span style="display:inline">2</span>
|}`)
	tb := pt.Table("demo/scores")
	if tb == nil {
		t.Fatal("no table")
	}
	expectRows(t, tb, []string{"Card", "Points"}, "Ace|11", "King|4", "Queen|3", "Jack|2")
}

// TestLabelSeparators: a dash, an equals sign or an arrow between a
// label and its number separates them, as a colon does; it is not part
// of the label ("Ace –" was the key).
func TestLabelSeparators(t *testing.T) {
	pt := tables(t, `== Values ==
Ace – 11

King - 4

Queen = 3

Jack → 2

Ten — 10
`)
	tb := pt.Table("demo/values")
	if tb == nil {
		t.Fatalf("no table: %v", ids(pt))
	}
	expectRows(t, tb, []string{"label", "value"}, "Ace|11", "King|4", "Queen|3", "Jack|2", "Ten|10")
}

// TestLabelValueQualifiedNumber: a line whose last number is qualified
// by the word before it ("2 or 3", "up to 10", "more than 10", "2 x 5",
// "3 to 5") or ends a range ("3 – 5") has no value to read: it was the
// row {Trips 2 or: 3}, {Bonus up to: 10}, {Players 3: 5}, a number the
// page does not give. The lines around it are still read; a list is read
// whole or not at all.
func TestLabelValueQualifiedNumber(t *testing.T) {
	for _, line := range []string{
		"Trips 2 or 3", "Trips: 2 or 3", "Bonus up to 10", "Bonus: more than 10", "Quads: at least 4",
		"Double 2 x 5", "Score 3 to 5", "Players 3 - 5", "Players 3 – 5", "Bonus 2 + 3", "Bonus about 10",
	} {
		for _, list := range []bool{false, true} {
			src := "== Scores ==\nPair 1\n\nFull house 6\n\n" + line + "\n"
			if list {
				src = "== Scores ==\n* Pair: 1\n* Full house: 6\n* " + line + "\n"
			}
			pt := tables(t, src)
			tb := pt.Table("demo/scores")
			switch {
			case tb == nil && !list:
				t.Errorf("%q: no table: %v", line, ids(pt))
			case tb != nil:
				expectRows(t, tb, []string{"label", "value"}, "Pair|1", "Full house|6")
			}
		}
	}
}

// TestCountQualified: an item whose count is joined to another number
// ("2 or 3 Wasabi", "2 to 4 Chopsticks") is no count: it was {count: 2,
// name: or 3 Wasabi}, a count the page does not give. A list is a count
// list only when every item is a count.
func TestCountQualified(t *testing.T) {
	for _, item := range []string{"2 or 3 Wasabi", "2 to 4 Chopsticks", "1 and 2 Puddings"} {
		for _, src := range []string{
			"== Deck ==\n* 14 x Tempura\n* " + item + "\n* 6 Nigiri\n",
			"== Deck ==\n• 14 Tempura\n\n• " + item + "\n\n• 6 Nigiri\n",
		} {
			pt := tables(t, src)
			for _, tb := range pt.Tables {
				for _, r := range tb.Rows {
					for _, c := range r {
						if strings.Contains(c.Text, "or 3") || strings.Contains(c.Text, "to 4") || strings.Contains(c.Text, "and 2") {
							t.Errorf("%q: %s has a cell %q (%#v)", item, tb.ID, c.Text, c.Value)
						}
					}
				}
			}
		}
	}
}

// TestLabelValueNumbersAfterColon: a line whose label holds numbers after
// its colon ("Round: 1 2 3") is a row of numbers, not a label and the
// last of them: it was {Round: 1 2: 3}, and two rows of values that do
// not line up ("3 000" with a plain space is two fields) were a table
// {Round: 1 2: 3}, {Bonus: 1,000 2,000: 3000}. Numbers before a colon, or
// with none, still name a row ("10 10 5": a pair of tens).
func TestLabelValueNumbersAfterColon(t *testing.T) {
	pt := tables(t, `== Scores ==
Pair: 1

Full house: 6

Round: 1 2 3

== Rounds ==
Round: 1 2 3

Bonus: 1,000 2,000 3 000

== Top ==
99 4

10 10 5

JJ 6
`)
	expectRows(t, pt.Table("demo/scores"), []string{"label", "value"}, "Pair|1", "Full house|6")
	if tb := pt.Table("demo/rounds"); tb != nil {
		t.Errorf("rounds: a table %q of rows %q", tb.Columns, rowsOf(tb, tb.Columns...))
	}
	expectRows(t, pt.Table("demo/top"), []string{"label", "value"}, "99|4", "10 10|5", "JJ|6")
}

// TestAlignedRowsJoinedNumbers: in rows of values ("Players: 2 3 4"), a
// number joined to the one before ("8 to 9", "9 or 8") is part of its
// value: read as a value of its own it moved every value after it a
// column on, so 4 players had the 8 of "9 or 8" and 5 players the 7 of
// 4 players.
func TestAlignedRowsJoinedNumbers(t *testing.T) {
	pt := tables(t, `== Ranges ==
Players: 2 3 4
Cards: 10 8 to 9 7

== Shifted ==
Players: 2 3 4 5
Cards: 10 9 or 8 7
`)
	if tb := pt.Table("demo/ranges"); tb == nil {
		t.Errorf("no table demo/ranges: %v", ids(pt))
	} else {
		expectRows(t, tb, []string{"Players", "Cards"}, "2|10", "3|8 to 9", "4|7")
	}
	if tb := pt.Table("demo/shifted"); tb != nil {
		t.Errorf("shifted: a table %q of rows %q", tb.Columns, rowsOf(tb, tb.Columns...))
	}
}

// TestAlignedRowsDigitsStartValue: in rows of values, a field that starts
// with digits ("5+", "3-4") is a value of its own, as text: it was put
// after the value before ("4 5+"), so the row had a value too few and the
// table was lost.
func TestAlignedRowsDigitsStartValue(t *testing.T) {
	pt := tables(t, `== Pre ==
 Cards:  1  2  3  4  5+
 Points: 1  3  6 10 15

== Setup ==
Players: 2 3-4 5
Cards: 10 9 8
`)
	for id, want := range map[string][]string{
		"demo/pre":   {"Cards", "Points", "1|1", "2|3", "3|6", "4|10", "5+|15"},
		"demo/setup": {"Players", "Cards", "2|10", "3-4|9", "5|8"},
	} {
		if tb := pt.Table(id); tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
		} else {
			expectRows(t, tb, want[:2], want[2:]...)
		}
	}
}

// TestTotalRowWithDash: a dash in a Total row's other columns is nothing
// there: "! Total !! — !! 20" stayed a row {Card: Total, Points: —,
// Count: 20}, counted in every sum of Count, as a row of two values.
func TestTotalRowWithDash(t *testing.T) {
	pt := tables(t, `== Deck ==
{| class="wikitable"
! Card !! Points !! Count
|-
| Wasabi || 3 || 6
|-
| Nigiri || 2 || 8
|-
| Pudding || 6 || 6
|-
! Total !! — !! 20
|}`)
	expectTotal(t, pt.Table("demo/deck"), []string{"Card", "Points", "Count"}, 20, "Wasabi|3|6", "Nigiri|2|8", "Pudding|6|6")
}

// TestStruckAndInvisibleText: struck-out text is a value the page says is
// no longer the rule, and text made invisible (visibility:hidden, a digit
// padding a column) is not seen: "<s>5</s>6" read 56, "<del>5</del> 7"
// was text, and an invisible 1 before 9 read 19.
func TestStruckAndInvisibleText(t *testing.T) {
	pt := tables(t, `== Scoring ==
{| class="wikitable"
! Hand !! Points
|-
| Pair || <s>5</s>6
|-
| Trips || <del>5</del> 7
|-
| Flush || <span style="visibility: hidden">1</span>9
|-
| Full house || <strike>10</strike>12
|}

== Bonuses ==
First out <s>5</s> 6

Clean sweep 4
`)
	expectRows(t, pt.Table("demo/scoring"), []string{"Hand", "Points"}, "Pair|6", "Trips|7", "Flush|9", "Full house|12")
	if tb := pt.Table("demo/bonuses"); tb == nil {
		t.Errorf("no table demo/bonuses: %v", ids(pt))
	} else {
		expectRows(t, tb, []string{"label", "value"}, "First out|6", "Clean sweep|4")
	}
}

// TestDeclaredTotalNotCounted: the number before a count list is its
// declared total only when it counts things ("20 cards:"): "For 2 to 5
// players:" declared 5, "With 4 players:" 4, "Up to 20 cards:" 20 and
// "Round 2:" 2, totals the built-in check then found wrong.
func TestDeclaredTotalNotCounted(t *testing.T) {
	for intro, want := range map[string]any{
		"For 2 to 5 players:":    nil,
		"With 4 players:":        nil,
		"Up to 20 cards:":        nil,
		"Round 2:":               nil,
		"About 20 cards:":        nil,
		"20 cards each:":         nil,
		"The game has 20 cards:": int64(20),
		"1 000 cards:":           int64(1000),
	} {
		pt := tables(t, "== Deck ==\n"+intro+"\n* 14 x Tempura\n* 6 x Wasabi\n")
		tb := pt.Table("demo/deck")
		if tb == nil {
			t.Errorf("%q: no table: %v", intro, ids(pt))
		} else if tb.DeclaredTotal != want {
			t.Errorf("%q: declared total %#v, want %#v", intro, tb.DeclaredTotal, want)
		}
	}
}

// TestTotalRowInGroupedTable: the Total row of a table whose rows are
// grouped by full-width rows is the declared total, not a row of the last
// group (it was counted in "Hearts" and in every sum of the column).
func TestTotalRowInGroupedTable(t *testing.T) {
	pt := tables(t, `== Deck ==
{| class="wikitable"
! Card !! Count
|-
! colspan="2" | Clubs
|-
| 7 || 4
|-
| 8 || 4
|-
! colspan="2" | Hearts
|-
| 9 || 2
|-
! Total !! 10
|}`)
	expectTotal(t, pt.Table("demo/deck"), []string{"group", "Card", "Count"}, 10, "Clubs|7|4", "Clubs|8|4", "Hearts|9|2")
}

// TestTotalRowOverTextCells: a last row Total is the declared total
// whatever else its column holds: over a text cell ("varies") it stayed a
// row {Card: Total, Count: 20}, counted in every sum of the column, while
// over numbers only it was the total. "Sum", "Grand total" and "Total:"
// label it as "Total" does.
func TestTotalRowOverTextCells(t *testing.T) {
	pt := tables(t, `== Deck ==
{| class="wikitable"
! Card !! Count
|-
| Wasabi || 6
|-
| Tempura || varies
|-
| Nigiri || 8
|-
| '''Total''' || '''20'''
|}

== Sum ==
{| class="wikitable"
! Card !! Count
|-
| Wasabi || 6
|-
| Nigiri || 8
|-
! Sum !! 14
|}

== Grand total ==
{| class="wikitable"
! Card !! Count
|-
| Wasabi || 6
|-
| Nigiri || 8
|-
| '''Grand  Total:''' || 14
|}

== Text total ==
{| class="wikitable"
! Card !! Count
|-
| Wasabi || 6
|-
| Nigiri || 8
|-
| Total || about 14
|}`)
	expectTotal(t, pt.Table("demo/deck"), []string{"Card", "Count"}, 20, "Wasabi|6", "Tempura|varies", "Nigiri|8")
	expectTotal(t, pt.Table("demo/sum"), []string{"Card", "Count"}, 14, "Wasabi|6", "Nigiri|8")
	expectTotal(t, pt.Table("demo/grand-total"), []string{"Card", "Count"}, 14, "Wasabi|6", "Nigiri|8")
	// Text is no total to check: the row stays.
	tb := pt.Table("demo/text-total")
	expectRows(t, tb, []string{"Card", "Count"}, "Wasabi|6", "Nigiri|8", "Total|about 14")
	if tb.DeclaredTotal != nil {
		t.Errorf("text-total: declared total %#v, want none", tb.DeclaredTotal)
	}
}

// TestNestedTableNotInCell: a table nested in a cell is a table of its
// own, not the value of the cell around it: its one cell "3" made the
// outer cell the number 3 (a count the page does not give there), and a
// larger one made it the text of all its cells.
func TestNestedTableNotInCell(t *testing.T) {
	pt := tables(t, `== Setup ==
{| class="wikitable"
! Players !! Cards
|-
| 2 ||
{|
| 3
|}
|-
| 3 || Deal:
{|
! Cards !! Coins
|-
| 10 || 3
|}
|-
| 4 || 5
|}`)
	expectRows(t, pt.Table("demo/setup"), []string{"Players", "Cards"}, "2|<nil>", "3|Deal:", "4|5")
	expectRows(t, pt.Table("demo/setup-2"), []string{"col1"}, "3")
	expectRows(t, pt.Table("demo/setup-3"), []string{"Cards", "Coins"}, "10|3")
}

// TestNoteRowUnderTable: a full-width row after the last row of cells is
// a note, not the start of a group: it gave every row a "group" column of
// nulls. Under groups it is left out as well.
func TestNoteRowUnderTable(t *testing.T) {
	pt := tables(t, `== Deck ==
{| class="wikitable"
! Card !! Count
|-
| Wasabi || 6
|-
| Nigiri || 8
|-
| colspan="2" | ''* in the 5-player game only''
|}

== Bonuses ==
{| class="wikitable"
! Card !! Count
|-
! colspan="2" | Clubs
|-
| 7 || 4
|-
| 8 || 4
|-
| colspan="2" | ''note''
|}`)
	expectRows(t, pt.Table("demo/deck"), []string{"Card", "Count"}, "Wasabi|6", "Nigiri|8")
	if cols := pt.Table("demo/deck").Columns; len(cols) != 2 {
		t.Errorf("deck: columns %q, want Card and Count", cols)
	}
	expectRows(t, pt.Table("demo/bonuses"), []string{"group", "Card", "Count"}, "Clubs|7|4", "Clubs|8|4")
}

// TestHeaderRowInsideData: a row of "!" cells of text under data rows,
// with data rows after it, is the header of another table: read as a
// row, "! Bonus !! VP" was {Hand: Bonus, Points: VP} and the bonuses'
// values were Points of hands, and a grid of names over values ("!
// Dumpling !! Maki" under "| 3 || 2") gave Maki's 6 to Tempura. A row of
// "!" cells holding a number is data written as headers, and a Total
// row after the data ends the table as it is.
func TestHeaderRowInsideData(t *testing.T) {
	pt := tables(t, `== Hands ==
{| class="wikitable"
! Hand !! Points
|-
| Pair || 1
|-
| Trips || 3
|-
! colspan="2" | Bonuses
|-
! Bonus !! VP
|-
| First || 5
|-
| Second || 2
|}

== Icons ==
<table class="wikitable">
<tr><th>Wasabi</th><th>Tempura</th></tr>
<tr><td>3</td><td>2</td></tr>
<tr><th>Dumpling</th><th>Maki</th></tr>
<tr><td>1</td><td>6</td></tr>
</table>

== Emphasis ==
{| class="wikitable"
! Hand !! Points
|-
| Pair || 1
|-
! Straight !! 5
|-
| Flush || 8
|-
! Total !! 14
|}`)
	expectRows(t, pt.Table("demo/hands"), []string{"Hand", "Points"}, "Pair|1", "Trips|3")
	if tb := pt.Table("demo/hands-2"); tb == nil {
		t.Errorf("no table demo/hands-2: %v", ids(pt))
	} else {
		expectRows(t, tb, []string{"Bonus", "VP"}, "First|5", "Second|2")
		if tb.Caption != "Bonuses" || tb.Source.Line != 9 || !strings.HasPrefix(tb.Raw, `! colspan="2" | Bonuses`) {
			t.Errorf("hands-2: caption %q, line %d, raw %q", tb.Caption, tb.Source.Line, tb.Raw)
		}
	}
	expectRows(t, pt.Table("demo/icons"), []string{"Wasabi", "Tempura"}, "3|2")
	if tb := pt.Table("demo/icons-2"); tb == nil {
		t.Errorf("no table demo/icons-2: %v", ids(pt))
	} else {
		expectRows(t, tb, []string{"Dumpling", "Maki"}, "1|6")
	}
	expectRows(t, pt.Table("demo/emphasis"), []string{"Hand", "Points"}, "Pair|1", "Straight|5", "Flush|8")
	if tb := pt.Table("demo/emphasis"); tb.DeclaredTotal != int64(14) {
		t.Errorf("emphasis: declared total %#v, want 14", tb.DeclaredTotal)
	}
}

// TestNoBreakSpacesBetweenValues: a no-break space between numbers that
// cannot be a number's thousands (a group of other than three digits
// after it) separates them as a space does: values aligned with &nbsp;
// were one field ("2 3 4 5"), so the table written sideways was lost
// and "Level 2&nbsp;10" was no label and value.
func TestNoBreakSpacesBetweenValues(t *testing.T) {
	pt := tables(t, `== Setup ==
Players: 2&nbsp;3&nbsp;4&nbsp;5
Cards: 13&nbsp;10&nbsp;8&nbsp;1&nbsp;000

== Scoring ==
Level 2&nbsp;10

Level 3&nbsp;25

Final 1&nbsp;000&nbsp;000

== Cells ==
{| class="wikitable"
! Tier !! Points
|-
| 2&nbsp;3 || 1&nbsp;000
|-
| 4 || 1234&nbsp;567
|}`)
	for id, want := range map[string][]string{
		"demo/setup":   {"Players", "Cards", "2|13", "3|10", "4|8", "5|1000"},
		"demo/scoring": {"label", "value", "Level 2|10", "Level 3|25", "Final|1000000"},
		"demo/cells":   {"Tier", "Points", "2 3|1000", "4|1234 567"},
	} {
		if tb := pt.Table(id); tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
		} else {
			expectRows(t, tb, want[:2], want[2:]...)
		}
	}
}

// expectColumn checks the values of a column, numbers and text told apart
// (expectRows prints both alike).
func expectColumn(t *testing.T, tb *extract.Table, col string, want ...any) {
	t.Helper()
	if tb == nil {
		t.Fatal("no table")
	}
	var got []any
	for _, r := range tb.Rows {
		got = append(got, tb.Get(r, col))
	}
	if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
		t.Errorf("%s: %s is %#v, want %#v", tb.ID, col, got, want)
	}
}

// TestSetApartDigits: text set in another size or off the line is not
// part of the number beside it, nor is the next line of a cell:
// "5<sub>1</sub>" read 51 (a subscript mark after a number is left out,
// as a superscript one is), "5<small>1</small>" and "5<span
// style=\"font-size:smaller\">1</span>" 51, "5<sup>123</sup>" 5123;
// they are "5 1" and "5 123", text, as "5<br>1" is. A word still runs
// on ("1<sup>st</sup>"), and a subscript after a letter is an index
// ("P<sub>1</sub>"). In lines and list items a number so cut makes no
// row ("Pair 5<br>1" was {Pair 5: 1}, "Quads 5<small>1</small>"
// {Quads: 51}), and no declared total ("108<small>1</small> cards:"
// declared 1081).
func TestSetApartDigits(t *testing.T) {
	pt := tables(t, `== Scoring ==
{| class="wikitable"
! Hand !! P<sub>1</sub> !! P<sub>2</sub>
|-
| Pair || 5<sub>1</sub> || '''5'''<sub>a</sub>
|-
| Trips || 5<small>1</small> || 5<span style="font-size: smaller">1</span>
|-
| Quads || 5<br>1 || 5<br/>10
|-
| Flush || 5<sup>123</sup> || <font size="1">7</font>2
|-
| 1<sup>st</sup> || 5 <small>*</small> || 1<small>,</small>000
|}

== Bonuses ==
Flush 8

Straight 4

Quads 5<small>1</small>

== Lines ==
Pair 5<sub>1</sub>

Trips 7

== Items ==
* Pair 5<br>1
* Trips 7
* Quads 9

== Marks ==
* Pair 5<sub>1</sub>
* Trips 7

== Deck ==
The deck has 108<small>1</small> cards:
* 14 x Tempura
* 94 x Maki

== Cards ==
The deck has 108<sup>1</sup> cards:
* 14 x Tempura
* 94 x Maki
`)
	tb := pt.Table("demo/scoring")
	expectColumn(t, tb, "Hand", "Pair", "Trips", "Quads", "Flush", "1st")
	expectColumn(t, tb, "P1", int64(5), "5 1", "5 1", "5 123", int64(5))
	expectColumn(t, tb, "P2", int64(5), "5 1", "5 10", "7 2", int64(1000))
	expectRows(t, pt.Table("demo/bonuses"), []string{"label", "value"}, "Flush|8", "Straight|4")
	expectRows(t, pt.Table("demo/lines"), []string{"label", "value"}, "Pair|5", "Trips|7")
	if tb := pt.Table("demo/items"); tb != nil {
		t.Errorf("items: a table %q of rows %v", tb.Columns, rowsOf(tb, tb.Columns...))
	}
	expectRows(t, pt.Table("demo/marks"), []string{"label", "value"}, "Pair|5", "Trips|7")
	if tb := pt.Table("demo/deck"); tb == nil || tb.DeclaredTotal != nil {
		t.Errorf("deck: %v", tb)
	}
	if tb := pt.Table("demo/cards"); tb == nil || tb.DeclaredTotal != int64(108) {
		t.Errorf("cards: %v", tb)
	}
}

// TestRowHeadersUnderHeaderRow: a table of a few rows, each starting with
// a "!" cell, under a header row of names is read as written, the names
// down the left being the rows' ("! Hand !! Top !! Middle !! Bottom"
// over "! Pair | 1 || 2 || 3"): it was turned round, its Hand column
// holding Top, Middle and Bottom. Under a first row of values ("! Rank
// !! 7 !! 6 !! Ace", "! Card !! A !! K", "! Players !! 2 !! 3") a table
// is still written sideways and turned round.
func TestRowHeadersUnderHeaderRow(t *testing.T) {
	pt := tables(t, `== Royalties ==
{| class="wikitable"
! Hand !! Top !! Middle !! Bottom
|-
! Pair
| 1 || 2 || 3
|-
! Trips
| 10 || 2 || 0
|}

== One row ==
{| class="wikitable"
! Hand !! Top !! Middle !! Bottom
|-
! Straight
| 0 || 4 || 2
|}

== Three rows ==
<table class="wikitable">
<tr><th>Hand</th><th>Top</th><th>Middle</th><th>Bottom</th><th>Fantasy</th></tr>
<tr><th>Pair</th><td>1</td><td>2</td><td>3</td><td>0</td></tr>
<tr><th>Trips</th><td>10</td><td>2</td><td>0</td><td>1</td></tr>
<tr><th>Quads</th><td>0</td><td>20</td><td>10</td><td>1</td></tr>
</table>

== Players ==
{| class="wikitable"
! Hand !! 2 players !! 3 players !! 4 players
|-
! Pair
| 1 || 2 || 3
|-
! Trips
| 4 || 5 || 6
|}

== Card points ==
{| class="wikitable"
! Card !! A !! K !! Q !! J
|-
! Points
| 11 || 4 || 3 || 2
|}

== Setup ==
{| class="wikitable"
! Players !! 2 !! 3 !! 4 !! 5
|-
! Cards
| 10 || 8 || 7 || 6
|-
! Rounds
| 3 || 3 || 2 || 2
|}

== Places ==
{| class="wikitable"
! Place !! 1st !! 2nd !! 3rd
|-
! Points
| 7 || 4 || 2
|}`)
	for id, want := range map[string][]string{
		"demo/royalties":   {"Hand|Top|Middle|Bottom", "Pair|1|2|3", "Trips|10|2|0"},
		"demo/one-row":     {"Hand|Top|Middle|Bottom", "Straight|0|4|2"},
		"demo/three-rows":  {"Hand|Top|Middle|Bottom|Fantasy", "Pair|1|2|3|0", "Trips|10|2|0|1", "Quads|0|20|10|1"},
		"demo/players":     {"Hand|2 players|3 players|4 players", "Pair|1|2|3", "Trips|4|5|6"},
		"demo/card-points": {"Card|Points", "A|11", "K|4", "Q|3", "J|2"},
		"demo/setup":       {"Players|Cards|Rounds", "2|10|3", "3|8|3", "4|7|2", "5|6|2"},
		"demo/places":      {"Place|Points", "1st|7", "2nd|4", "3rd|2"},
	} {
		tb := pt.Table(id)
		if tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
			continue
		}
		cols := strings.Split(want[0], "|")
		if strings.Join(tb.Columns, "|") != want[0] {
			t.Errorf("%s: columns %q, want %q", id, tb.Columns, cols)
		}
		expectRows(t, tb, cols, want[1:]...)
	}
	expectColumn(t, pt.Table("demo/royalties"), "Top", int64(1), int64(10))
}

// TestColumnGroups: a header cell over some of the columns, not all,
// groups them, and its text goes before theirs: "! rowspan=2 | Card !!
// colspan=3 | Players" over "! 2 !! 3 !! 4" named the columns "2", "3"
// and "4" and made "Players" the table's caption, and two groups over
// "Top" and "Bottom" named "Top", "Bottom", "Top_2", "Bottom_2". A title
// row across the whole table is still its caption, and rows that start
// with a "!" cell under groups are not a table written sideways.
func TestColumnGroups(t *testing.T) {
	pt := tables(t, `== Deck ==
{| class="wikitable"
! rowspan=2 | Card !! colspan=3 | Players
|-
! 2 !! 3 !! 4
|-
| Tempura || 8 || 10 || 14
|-
| Wasabi || 4 || 5 || 6
|}

== Hands ==
{| class="wikitable"
! rowspan=2 | Hand !! colspan=2 | Points !! colspan=2 | Coins
|-
! Top !! Bottom !! Top !! Bottom
|-
| Pair || 1 || 2 || 3 || 4
|-
| Trips || 5 || 6 || 7 || 8
|}

== Setup ==
{| class="wikitable"
! colspan=4 | Cards dealt
|-
! rowspan=2 | Round !! colspan=3 | Players
|-
! 2 !! 3 !! 4
|-
! First
| 10 || 8 || 6
|-
! Second
| 9 || 7 || 5
|}`)
	for id, want := range map[string][]string{
		"demo/deck":  {"Card|Players 2|Players 3|Players 4", "Tempura|8|10|14", "Wasabi|4|5|6"},
		"demo/hands": {"Hand|Points Top|Points Bottom|Coins Top|Coins Bottom", "Pair|1|2|3|4", "Trips|5|6|7|8"},
		"demo/setup": {"Round|Players 2|Players 3|Players 4", "First|10|8|6", "Second|9|7|5"},
	} {
		tb := pt.Table(id)
		if tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
			continue
		}
		cols := strings.Split(want[0], "|")
		if strings.Join(tb.Columns, "|") != want[0] {
			t.Errorf("%s: columns %q, want %q", id, tb.Columns, cols)
		}
		expectRows(t, tb, cols, want[1:]...)
	}
	for id, caption := range map[string]string{"demo/deck": "", "demo/hands": "", "demo/setup": "Cards dealt"} {
		if tb := pt.Table(id); tb != nil && tb.Caption != caption {
			t.Errorf("%s: caption %q, want %q", id, tb.Caption, caption)
		}
	}
	if tb := pt.Table("demo/hands"); tb != nil && tb.Kind != extract.KindScoring {
		t.Errorf("hands: kind %s, want scoring (a group of points)", tb.Kind)
	}
}

// TestPatternJoinedNumbers: in items (and lines) that are the same
// sentence with other numbers, numbers that a dash, a slash or "to", "or"
// joins are one value, their text: read one by one, the last was the
// value of the words after it ("2-3 players" gave players 3 and another
// column 2, "remove 3-4 cards" cards 4).
func TestPatternJoinedNumbers(t *testing.T) {
	pt := tables(t, `== Setup ==
* In a 2-player game, remove 3-4 cards
* In a 3-player game, remove 2-3 cards

== Scoring ==
* 2 to 3 players: 5 points
* 4 to 5 players: 3 points

== Bonus ==
* 2-3 players: 5 points
* 4 players: 3 points

== Deal ==
2 or 3 players: 10 cards each

4 – 5 players: 8 cards each
`)
	for id, want := range map[string][]string{
		"demo/setup":   {"players|cards", "2|3-4", "3|2-3"},
		"demo/scoring": {"players|points", "2 to 3|5", "4 to 5|3"},
		"demo/bonus":   {"players|points", "2-3|5", "4|3"},
		"demo/deal":    {"players|cards", "2 or 3|10", "4 – 5|8"},
	} {
		tb := pt.Table(id)
		if tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
			continue
		}
		cols := strings.Split(want[0], "|")
		if strings.Join(tb.Columns, "|") != want[0] {
			t.Errorf("%s: columns %q, want %q", id, tb.Columns, cols)
		}
		expectRows(t, tb, cols, want[1:]...)
	}
	expectColumn(t, pt.Table("demo/bonus"), "players", "2-3", int64(4))
	expectColumn(t, pt.Table("demo/bonus"), "points", int64(5), int64(3))
}

// TestLabelValueSeveralValues: an item or line holding several labels and
// values ("Pair: 2, Trips: 5", "Squid = 3, Salmon = 2", "1st: 7, 2nd:
// 4") is no label and value: read as one, its last number was the value
// of a label holding the others ({"Pair: 2, Trips": 5}, Pair's 2 lost).
// Numbers before the first colon still name a row ("Level 2: 10").
func TestLabelValueSeveralValues(t *testing.T) {
	pt := tables(t, `== Hands ==
* Pair: 2, Trips: 5
* Straight: 8

== Nigiri ==
* Squid = 3, Salmon = 2
* Egg = 1

== Majorities ==
1st: 7, 2nd: 4

Tie: 5, 5

== Levels ==
* Level 2: 10
* Level 3, bonus: 15
* 1st place: 7 points
`)
	for _, id := range []string{"demo/hands", "demo/nigiri", "demo/majorities"} {
		if tb := pt.Table(id); tb != nil {
			t.Errorf("%s: a table %q of rows %v", id, tb.Columns, rowsOf(tb, tb.Columns...))
		}
	}
	expectRows(t, pt.Table("demo/levels"), []string{"label", "value"}, "Level 2|10", "Level 3, bonus|15", "1st place|7")
}

// TestCellValueConditions: a number with a condition after it is not
// that number, as "5 or more" and "1 if first" are not: "7 unless tied"
// and "6 when alone" read 7 and 6, a unit of two words.
func TestCellValueConditions(t *testing.T) {
	for in, want := range map[string]any{
		"7 unless tied":     "7 unless tied",
		"6 when alone":      "6 when alone",
		"5 otherwise":       "5 otherwise",
		"2 until round":     "2 until round",
		"3 except Wasabi":   "3 except Wasabi",
		"4 but doubled":     "4 but doubled",
		"5 without bonus":   "5 without bonus",
		"8 after scoring":   "8 after scoring",
		"10 victory points": int64(10),
		"3 cards":           int64(3),
	} {
		if got := extract.CellValue(in); got != want {
			t.Errorf("CellValue(%q) = %#v, want %#v", in, got, want)
		}
	}
}

// TestCountSecondCount: an item that holds two counts is no count: "6 x
// Maki (1 icon), 12 x Maki (2 icons)" was {count: 6} and "4 Wasabi and 2
// Chopsticks" {count: 4}, the 12 and the 2 left out of the list's sum
// (24 cards declared, 10 counted). A number in parentheses, or after a
// word, is part of the name.
func TestCountSecondCount(t *testing.T) {
	pt := tables(t, `== Deck ==
The deck has 24 cards:
* 6 x Maki (1 icon), 12 x Maki (2 icons)
* 4 Wasabi and 2 Chopsticks

== Bullets ==
• 6 Maki, 12x Maki
• 4 Wasabi

== Nigiri ==
The deck has 16 cards:
* 10 Nigiri (5 Salmon, 3 Squid, 2 Egg)
* 6 Maki roll with 2 icons
`)
	for _, id := range []string{"demo/deck", "demo/bullets"} {
		if tb := pt.Table(id); tb != nil {
			t.Errorf("%s: a table %q of rows %v", id, tb.Columns, rowsOf(tb, tb.Columns...))
		}
	}
	tb := pt.Table("demo/nigiri")
	expectRows(t, tb, []string{"count", "name"}, "10|Nigiri (5 Salmon, 3 Squid, 2 Egg)", "6|Maki roll with 2 icons")
	if tb != nil && tb.DeclaredTotal != int64(16) {
		t.Errorf("nigiri: declared total %#v, want 16", tb.DeclaredTotal)
	}
}

// TestDataInHeaderCells: rows written in "!" cells under a header row,
// a name and a number ("! Pair !! 2"), are data: read as more header
// rows, they named the columns "Trips" and "5" and the table was one row
// {Trips: Quads, 5: 10}. Under a row grouping columns ("! colspan=3 |
// Players") a row of numbers is still the header.
func TestDataInHeaderCells(t *testing.T) {
	pt := tables(t, `== Hands ==
{| class="wikitable"
! Hand !! Points
|-
! Pair !! 2
|-
! Trips !! 5
|-
! Quads !! 10
|}

== Scores ==
{| class="wikitable"
! colspan=2 | Scores
|-
! Hand !! Points
|-
! Pair !! 2
|-
! Trips !! 5
|-
! Total !! 7
|}

== Deck ==
{| class="wikitable"
! rowspan=2 | Card !! colspan=2 | Players
|-
! 2 !! 3
|-
! Tempura !! 8 !! 10
|}`)
	expectRows(t, pt.Table("demo/hands"), []string{"Hand", "Points"}, "Pair|2", "Trips|5", "Quads|10")
	expectColumn(t, pt.Table("demo/hands"), "Points", int64(2), int64(5), int64(10))
	tb := pt.Table("demo/scores")
	expectRows(t, tb, []string{"Hand", "Points"}, "Pair|2", "Trips|5")
	if tb != nil && (tb.Caption != "Scores" || tb.DeclaredTotal != int64(7)) {
		t.Errorf("scores: caption %q, declared total %#v", tb.Caption, tb.DeclaredTotal)
	}
	expectRows(t, pt.Table("demo/deck"), []string{"Card", "Players 2", "Players 3"}, "Tempura|8|10")
}

// TestUnitsRowUnderHeader: a header row of units in parentheses under
// the names ("! Cost !! Points" over "! !! (coins) !! (VP)") adds them to
// the names: the columns were "(coins)" and "(VP)", Cost and Points lost.
func TestUnitsRowUnderHeader(t *testing.T) {
	pt := tables(t, `== Buildings ==
{| class="wikitable"
! Card !! Cost !! Points
|-
! !! (coins) !! (VP)
|-
| Farm || 3 || 1
|-
| Mill || 5 || 2
|}`)
	tb := pt.Table("demo/buildings")
	if tb == nil || strings.Join(tb.Columns, "|") != "Card|Cost (coins)|Points (VP)" {
		t.Fatalf("columns: %v", tb)
	}
	expectRows(t, tb, tb.Columns, "Farm|3|1", "Mill|5|2")
}

// TestPatternSpacedDashSeparates: a dash between spaces in items that
// hold no other number is the separator of a label and its value, not a
// range: "Set of 2 – 5 points" is a set of 2 worth 5 points, and read as
// the range "2 – 5" the items had one number each, and the list no table.
// A range that leaves the item another number is still one value ("4 – 5
// players: 8 cards each", TestPatternJoinedNumbers).
func TestPatternSpacedDashSeparates(t *testing.T) {
	pt := tables(t, `== Tempura ==
* Set of 2 – 5 points
* Set of 3 – 10 points
* Set of 4 – 15 points

== Maki ==
* 1 - 1 point
* 2 - 3 points
* 3 - 6 points
`)
	for id, want := range map[string][]string{
		"demo/tempura": {"col1|points", "2|5", "3|10", "4|15"},
		"demo/maki":    {"col1|points", "1|1", "2|3", "3|6"},
	} {
		tb := pt.Table(id)
		if tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
			continue
		}
		cols := strings.Split(want[0], "|")
		if strings.Join(tb.Columns, "|") != want[0] {
			t.Errorf("%s: columns %q, want %q", id, tb.Columns, cols)
		}
		expectRows(t, tb, cols, want[1:]...)
	}
	expectColumn(t, pt.Table("demo/tempura"), "points", int64(5), int64(10), int64(15))
}

// TestSidewaysPlayerCounts: a table written sideways under a first row
// of player counts in words ("! Players !! Two !! Three") or as counts of
// what its first cell names ("! Number of players !! 2 players") is
// turned round, as it was before cf5d03c: read as written, its first
// column held "Cards" and "Hand size" under Players. A header row of
// names other than the first cell's ("! Hand !! 2 players") still names
// columns (TestRowHeadersUnderHeaderRow).
func TestSidewaysPlayerCounts(t *testing.T) {
	pt := tables(t, `== Words ==
{| class="wikitable"
! Players !! Two !! Three !! Four !! Five
|-
! Cards
| 10 || 8 || 6 || 5
|-
! Hand size
| 7 || 6 || 5 || 4
|}

== Counts ==
{| class="wikitable"
! Number of players !! 2 players !! 3 players !! 4 players
|-
! Cards per player
| 10 || 8 || 6
|}`)
	for id, want := range map[string][]string{
		"demo/words":  {"Players|Cards|Hand size", "Two|10|7", "Three|8|6", "Four|6|5", "Five|5|4"},
		"demo/counts": {"Number of players|Cards per player", "2|10", "3|8", "4|6"},
	} {
		tb := pt.Table(id)
		if tb == nil {
			t.Errorf("no table %s: %v", id, ids(pt))
			continue
		}
		cols := strings.Split(want[0], "|")
		if strings.Join(tb.Columns, "|") != want[0] {
			t.Errorf("%s: columns %q, want %q", id, tb.Columns, cols)
			continue
		}
		expectRows(t, tb, cols, want[1:]...)
	}
}
