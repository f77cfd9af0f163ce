package check_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/wikirules/wikirules/check"
)

// The mistakes a game developer makes in a spec are errors that say what
// is wrong and what was expected: never a pass, never a failure of the
// rules, never a message about the program's own types.
func TestSpecMistakesAreClearErrors(t *testing.T) {
	for _, tc := range []struct {
		name, spec string
		want       string // the message of check "a", an ERROR
	}{{
		name: "index column typo",
		spec: "game: deck\nchecks:\n  - id: a\n    table: deck/the-deck\n    expr: index(rows, \"nam\")[\"Red\"].count == 3\n",
		want: `index(rows, "nam"): the rows have no column "nam" (did you mean "name"?); their columns are "count", "name"`,
	}, {
		name: "index of a table",
		spec: "game: deck\nchecks:\n  - id: a\n    table: deck/the-deck\n    expr: len(index(table, \"name\")) == 3\n",
		want: `index: expected rows (rows, table.rows, tables["…"].rows), got a map`,
	}, {
		name: "engine without engine:",
		spec: "game: deck\nchecks:\n  - id: a\n    table: deck/the-deck\n    expr: index(rows, \"name\")[\"Red\"].count == engine.deck.Red\n",
		want: `engine.deck: the spec has no engine: file, so there are no engine constants to read (give engine: FILE at the top of checks/deck.yaml)`,
	}, {
		name: "number == text",
		spec: "game: deck\nchecks:\n  - id: a\n    table: deck/the-deck\n    expr: index(rows, \"name\")[\"Red\"].count == \"3\"\n",
		want: `compares a number with a text: 3 == "3" is never true (use num(x) or text(x) to compare them as numbers or as texts)`,
	}, {
		name: "number != text",
		spec: "game: deck\nchecks:\n  - id: a\n    table: deck/the-deck\n    expr: index(rows, \"name\")[\"Red\"].count != \"4\"\n",
		want: `compares a number with a text: 3 != "4" is always true (use num(x) or text(x) to compare them as numbers or as texts)`,
	}, {
		name: "number == numeric text in all",
		spec: "game: deck\nchecks:\n  - id: a\n    table: deck/the-deck\n    expr: all(rows, .count != \"0\")\n",
		want: `compares a number with a text: 3 != "0" is always true (use num(x) or text(x) to compare them as numbers or as texts)`,
	}, {
		name: "unknown table, with the nearest",
		spec: "game: deck\nchecks:\n  - id: a\n    table: deck/scorng\n    expr: len(rows) > 0\n",
		want: `unknown table id "deck/scorng" (did you mean "deck/scoring"?) (tables of deck: deck/scoring, deck/the-deck)`,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s := deckSuite(t, tc.spec, nil)
			r := results(s, deckPage(deckText))["a"]
			if r.Status != check.Error || !strings.HasPrefix(r.Message, tc.want) {
				t.Errorf("got %s %s\nwant ERROR %s", r.Status, r.Message, tc.want)
			}
		})
	}
}

// Comparing values of the same kind, or with nothing (an empty cell),
// stays a comparison.
func TestEqualityOfLikeValues(t *testing.T) {
	s := deckSuite(t, `game: deck
checks:
  - id: numbers
    table: deck/the-deck
    expr: index(rows, "name")["Red"].count == 3 && 3.0 == 3 && rows[0].count != 4
  - id: texts
    table: deck/the-deck
    expr: rows[0].name == "Red" && rows[0].name != "Blue" && type(rows[0].count) == "int"
  - id: nothing
    table: deck/the-deck
    expr: 'rows[0].count != nil && nil == nil && [1] == [1] && {"a": 1} != nil && rows[0] != nil'
  - id: false
    table: deck/the-deck
    expr: rows[0].count == 4
  - id: words
    table: deck/the-deck
    expr: all(rows, .count != "none" && .name != 0) && rows[0].count != "any"
`, nil)
	res := results(s, deckPage(deckText))
	// A column of numbers and words ("none") is asked which a cell is:
	// a number against a word is an answer, not a mistake.
	for id, want := range map[string]check.Status{"numbers": check.Pass, "texts": check.Pass, "nothing": check.Pass, "false": check.Fail, "words": check.Pass} {
		if r := res[id]; r.Status != want {
			t.Errorf("%s: %s %s, want %s", id, r.Status, r.Message, want)
		}
	}
	if r := res["false"]; r.Message != "false: rows[0].count == 4 (left side 3, right side 4)" {
		t.Errorf("message %q", r.Message)
	}
}

// A table that is not there, in a game with no table at all.
func TestUnknownTableOfAGameWithoutTables(t *testing.T) {
	s := deckSuite(t, "game: deck\nchecks:\n  - id: a\n    table: deck/scoring\n    expr: len(rows) > 0\n", nil)
	r := results(s, deckPage("No table here."))["a"]
	if want := `unknown table id "deck/scoring" (the pages of deck have no table)`; r.Status != check.Error || r.Message != want {
		t.Errorf("got %s %s\nwant ERROR %s", r.Status, r.Message, want)
	}
}

// A value of the wrong type in a spec names the field, what belongs there
// and what is written, in the spec's words rather than the program's.
func TestSpecTypeErrors(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"game: deck\nchecks:\n  - id: a\n    table: deck/the-deck\n    expr: [1, 2]\n",
			"checks/deck.yaml:5: error: expr: expected a text, got a list [spec]"},
		{"game: deck\nchecks:\n  id: a\n",
			"checks/deck.yaml:3: error: checks: expected a list of checks (- id: …), got a map [spec]"},
		{"game: deck\nchecks:\n  - id: a\n    table: deck/the-deck\n    match: [name, count]\n",
			"checks/deck.yaml:5: error: match: expected a map ({key: …, value: …, engine: …}), got a list [spec]"},
		{"game: deck\nchecks:\n  - id: a\n    description: {x: 1}\n    expr: true\n",
			"checks/deck.yaml:4: error: description: expected a text, got a map [spec]"},
		{"game: [deck]\nchecks: []\n",
			"checks/deck.yaml:1: error: game: expected a text, got a list [spec]"},
		{"game: deck\nchecks:\n  - just a text\n",
			"checks/deck.yaml:3: error: checks: expected a check (id:, table:, expr: or match:), got a text [spec]"},
		// A list item's first field, and one of several on a line.
		{"game: deck\nchecks:\n  - id: [a]\n    expr: true\n",
			"checks/deck.yaml:3: error: id: expected a text, got a list [spec]"},
		{"game: deck\nchecks: [{id: a, expr: [1]}]\n",
			"checks/deck.yaml:2: error: expr: expected a text, got a list [spec]"},
		{"game: deck\nchecks:\n  - id: a\n    table: deck/the-deck\n    match: {key: [a], value: count, engine: deck}\n",
			"checks/deck.yaml:5: error: key: expected a text, got a list [spec]"},
	} {
		_, err := check.LoadSpecs(fstest.MapFS{"checks/deck.yaml": {Data: []byte(tc.spec)}}, "checks", "checks")
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.spec, err, tc.want)
		}
	}
}
