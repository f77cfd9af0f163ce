package check_test

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/rivo/uniseg"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/model"
)

// deckPage is a page with a card list and a scoring table, at one or more
// revisions.
func deckPage(texts ...string) *model.Page {
	p := &model.Page{Title: "Gamehelpdeck", Kind: model.PageRules, Game: "deck"}
	for i, text := range texts {
		p.Revisions = append(p.Revisions, &model.Revision{
			Timestamp: time.Date(2024, 3, 1+i, 0, 0, 0, 0, time.UTC), Author: string(rune('A' + i)), Text: text,
		})
	}
	return p
}

const deckText = `== The deck ==
12 cards:
* 3 Red
* 4 Blue
* 5 Green

== Scoring ==
{| class="wikitable"
! Card !! Points
|-
| Red || 1
|}`

func deckSuite(t *testing.T, spec string, engine map[string]string) *check.Suite {
	t.Helper()
	fsys := fstest.MapFS{"checks/deck.yaml": {Data: []byte(spec)}}
	for name, data := range engine {
		fsys["engine/"+name] = &fstest.MapFile{Data: []byte(data)}
	}
	specs, err := check.LoadSpecs(fsys, "checks", "checks")
	if err != nil {
		t.Fatal(err)
	}
	return check.NewSuite(specs, fsys, "engine", "engine")
}

func results(s *check.Suite, p *model.Page) map[string]check.Result {
	out := map[string]check.Result{}
	for _, r := range s.RunGame("deck", []check.PageData{pageData(p, p.Latest())}) {
		out[r.ID] = r
	}
	return out
}

// A name the spec asks for that is not there is an error of the spec that
// names the nearest existing name, not a nil that fails a comparison or
// breaks arithmetic.
func TestMissingNamesAreSpecErrors(t *testing.T) {
	s := deckSuite(t, `game: deck
engine: deck.yaml
checks:
  - id: column
    table: deck/the-deck
    expr: sum(rows, .cnt) == 12
  - id: engine-key
    table: deck/the-deck
    expr: index(rows, "name")["Blue"].count == engine.deck.wasabi
  - id: engine-top
    table: deck/the-deck
    expr: engine.dek.Blue == 4
  - id: row
    table: deck/the-deck
    expr: index(rows, "name")["Blu"].count == 4
  - id: other-table
    expr: tables["deck/scorng"].rows[0].Points == 1
  - id: page-field
    table: deck/the-deck
    expr: page.titel == "x"
  - id: optional
    table: deck/the-deck
    expr: (engine.deck.wasabi ?? 4) == 4 && engine?.nothing == nil
  - id: match-column
    table: deck/the-deck
    match: {key: name, value: cont, engine: deck}
  - id: match-engine
    table: deck/the-deck
    match: {key: name, value: count, engine: dek}
`, map[string]string{"deck.yaml": "deck:\n  Red: 3\n  Blue: 4\n  Green: 5\n"})
	res := results(s, deckPage(deckText))
	for id, want := range map[string]string{
		"column":       `table deck/the-deck has no column "cnt" (did you mean "count"?); its columns are "count", "name"`,
		"engine-key":   `engine.deck has no "wasabi" (engine/deck.yaml:1); it has "Blue", "Green", "Red"`,
		"engine-top":   `engine has no "dek" (did you mean "deck"?) (engine/deck.yaml); it has "deck"`,
		"row":          `index(rows, "name") has no "Blu" (did you mean "Blue"?); it has "Blue", "Green", "Red"`,
		"other-table":  `tables has no "deck/scorng" (did you mean "deck/scoring"?); it has "deck/scoring", "deck/the-deck"`,
		"page-field":   `page has no "titel" (did you mean "title"?); it has "author", "game", "revision", "title"`,
		"match-column": `match: table deck/the-deck has no column "cont" (did you mean "count"?); its columns are "count", "name"`,
		"match-engine": `match: engine: dek: engine has no "dek" (did you mean "deck"?); it has "deck" (engine/deck.yaml)`,
	} {
		if r := res[id]; r.Status != check.Error || r.Message != want {
			t.Errorf("%s: %s %s\nwant ERROR %s", id, r.Status, r.Message, want)
		}
	}
	if r := res["optional"]; r.Status != check.Pass {
		t.Errorf("?? and ?. keep a missing name optional: %s %s", r.Status, r.Message)
	}
}

// A failing check says which values it compared and where each is
// written: the wiki cell's page, revision and line, the engine file's line
// (YAML, JSON and PHP alike).
func TestFailureNamesWhereValuesAre(t *testing.T) {
	spec := `game: deck
engine: deck.%s
checks:
  - id: blue
    table: deck/the-deck
    expr: index(rows, "name")["Blue"].count == engine.deck.Blue
  - id: match
    table: deck/the-deck
    match: {key: name, value: count, engine: deck}
  - id: records
    table: deck/the-deck
    match: {key: name, value: count, engine: cards, engine_key: name, engine_value: n}
`
	engines := map[string]string{
		"yaml": "deck:\n  Red: 3\n  Blue: 5\n  Green: 5\ncards:\n  - {name: Red, n: 3}\n  - {name: Blue, n: 5}\n  - {name: Green, n: 5}\n",
		"json": "{\n  \"deck\": {\n    \"Red\": 3,\n    \"Blue\": 5,\n    \"Green\": 5\n  },\n  \"cards\": [\n    {\"name\": \"Red\", \"n\": 3},\n    {\"name\": \"Blue\", \"n\": 5},\n    {\"name\": \"Green\", \"n\": 5}\n  ]\n}\n",
		"php":  "<?php\n$this->deck = array(\n  'Red' => 3,\n  'Blue' => 5,\n  'Green' => 5,\n);\n$this->cards = [\n  ['name' => 'Red', 'n' => 3],\n  ['name' => 'Blue', 'n' => 5],\n  ['name' => 'Green', 'n' => 5],\n];\n",
	}
	lines := map[string][2]int{"yaml": {3, 7}, "json": {4, 9}, "php": {4, 9}} // deck.Blue, cards.1.n
	for ext, src := range engines {
		s := deckSuite(t, strings.Replace(spec, "%s", ext, 1), map[string]string{"deck." + ext: src})
		res := results(s, deckPage(deckText))
		wiki := check.Origin{Side: "wiki", Name: "Blue → count", Value: 4, Where: "Gamehelpdeck@2024-03-01T00:00:00Z:4"}
		for id, path := range map[string]string{"blue": "deck.Blue", "match": "deck.Blue", "records": "cards.1.n"} {
			r := res[id]
			line := lines[ext][0]
			if path == "cards.1.n" {
				line = lines[ext][1]
			}
			engine := check.Origin{Side: "engine", Name: "engine." + path, Value: int64(5), Where: "engine/deck." + ext + ":" + strconv.Itoa(line)}
			if r.Status != check.Fail || len(r.Used) != 2 || !sameOrigin(r.Used[0], wiki) || !sameOrigin(r.Used[1], engine) {
				t.Errorf("%s %s: %s %s\nused %v\nwant %v and %v", ext, id, r.Status, r.Message, r.Used, wiki, engine)
			}
		}
	}
}

func sameOrigin(a, b check.Origin) bool {
	return a.Side == b.Side && a.Name == b.Name && a.Where == b.Where && fmt.Sprint(a.Value) == fmt.Sprint(b.Value)
}

// A spec never reads itself, or another spec, as engine constants; an
// engine file that is not there is said with where it was looked for.
func TestEngineFileMistakes(t *testing.T) {
	spec := "game: deck\nengine: deck.yaml\nchecks:\n  - id: a\n    table: deck/the-deck\n    expr: engine.deck.Red == 3\n"
	fsys := fstest.MapFS{"checks/deck.yaml": {Data: []byte(spec)}}
	specs, err := check.LoadSpecs(fsys, "checks", "checks")
	if err != nil {
		t.Fatal(err)
	}
	s := check.NewSuite(specs, fsys, "checks", "checks")
	s.EngineHint = "the --checks directory, as no --engine was given"
	r := results(s, deckPage(deckText))["a"]
	want := "checks/deck.yaml:2: error: engine file deck.yaml: checks/deck.yaml in checks (the --checks directory, as no --engine was given) is a check spec, not engine constants: give the directory of the engine files with --engine DIR [engine]"
	if r.Status != check.Error || r.Message != want {
		t.Errorf("spec as engine: %s %s\nwant %s", r.Status, r.Message, want)
	}
	s = check.NewSuite(specs, fsys, "engine", "engine")
	s.EngineHint = "--engine"
	r = results(s, deckPage(deckText))["a"]
	want = "checks/deck.yaml:2: error: engine file deck.yaml not found: looked for engine/deck.yaml in engine (--engine) [engine]"
	if r.Status != check.Error || r.Message != want {
		t.Errorf("missing engine: %s %s\nwant %s", r.Status, r.Message, want)
	}
	if _, err := check.ReadEngine(fsys, "checks/deck.yaml", "checks/deck.yaml"); err == nil || !strings.Contains(err.Error(), "is a check spec") {
		t.Errorf("ReadEngine of a spec: %v", err)
	}
}

// --history tells an edit of the wiki from a change of the engine: a
// check that fails at every revision while the wiki's values stay the same
// is not blamed on the page's first author.
func TestHistoryBlame(t *testing.T) {
	s := deckSuite(t, `game: deck
engine: deck.yaml
checks:
  - id: blue
    table: deck/the-deck
    expr: index(rows, "name")["Blue"].count == engine.deck.Blue
  - id: green
    table: deck/the-deck
    expr: index(rows, "name")["Green"].count == engine.deck.Green
  - id: red
    table: deck/the-deck
    expr: index(rows, "name")["Red"].count == engine.deck.Red
`, map[string]string{"deck.yaml": "deck:\n  Red: 3\n  Blue: 5\n  Green: 5\n"})
	reworded := strings.Replace(deckText, "12 cards:", "The deck has 12 cards:", 1)
	p := deckPage(deckText, reworded, strings.Replace(reworded, "5 Green", "6 Green", 1))
	byID := map[string]check.HistoryResult{}
	for _, h := range s.History("deck", p, func(r *model.Revision) check.PageData { return pageData(p, r) }, nil) {
		byID[h.ID] = h
	}
	if h := byID["blue"]; h.Blame != check.BlameEngine || h.BrokenBy != nil || h.Changed != nil {
		t.Errorf("blue (4 at every revision, the engine says 5): blame %q, broken by %v", h.Blame, h.BrokenBy)
	}
	if h := byID["green"]; h.Blame != check.BlameWiki || h.BrokenBy == nil || h.BrokenBy.Revision != "2024-03-03T00:00:00Z" ||
		len(h.Changed) != 1 || h.Changed[0] != "Green → count: 5 → 6" {
		t.Errorf("green (the third edit made it 6): blame %q, broken by %v, changed %v", h.Blame, h.BrokenBy, h.Changed)
	}
	if h := byID["red"]; h.Blame != "" || h.Status != check.Pass {
		t.Errorf("red passes: blame %q, status %s", h.Blame, h.Status)
	}
	var b bytes.Buffer
	if err := check.WriteHistoryText(&b, s.History("deck", p, func(r *model.Revision) check.PageData { return pageData(p, r) }, nil)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the wiki did not change; the engine constants (or the spec) did", "failing since the wiki edit of 2024-03-03T00:00:00Z by C", "the edit changed Green → count: 5 → 6"} {
		if !strings.Contains(strings.Join(strings.Fields(b.String()), " "), want) {
			t.Errorf("history text lacks %q:\n%s", want, b.String())
		}
	}
	fitsWidth(t, b.String())
}

// The text output fits 100 columns, failures first, each with its
// description.
func TestTextOutput(t *testing.T) {
	s := deckSuite(t, `game: deck
engine: deck.yaml
checks:
  - id: red
    description: Red cards are as many as the engine deals.
    table: deck/the-deck
    expr: index(rows, "name")["Red"].count == engine.deck.Red
  - id: blue-with-a-rather-long-identifier-to-see-that-lines-still-fit
    description: Blue cards are as many as the engine deals, which this description says at some length to wrap.
    table: deck/the-deck
    expr: index(rows, "name")["Blue"].count == engine.deck.Blue && index(rows, "name")["Green"].count == engine.deck.Green && len(rows) == 3
  - id: broken
    table: deck/the-deck
    expr: sum(rows, .cnt) == 12
`, map[string]string{"deck.yaml": "deck:\n  Red: 3\n  Blue: 5\n  Green: 5\n"})
	var rs []check.Result
	for _, r := range s.RunGame("deck", []check.PageData{pageData(deckPage(deckText), deckPage(deckText).Latest())}) {
		rs = append(rs, r)
	}
	var b bytes.Buffer
	if err := check.WriteText(&b, rs); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	fitsWidth(t, out)
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "FAIL   deck/blue-with-a-rather-long-identifier-to-see-that-lines-still-fit: Blue cards") {
		t.Errorf("a failure first, with its description:\n%s", out)
	}
	for _, want := range []string{
		"       spec    checks/deck.yaml:8\n",
		"       wiki    Gamehelpdeck@2024-03-01T00:00:00Z:4  Blue → count = 4\n",
		"       engine  engine/deck.yaml:3  engine.deck.Blue = 5\n",
		"ERROR  deck/broken\n",
		"PASS   deck/red",
		"4 checks: 2 passed, 1 failed, 1 errors\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "ERROR") > strings.Index(out, "PASS") {
		t.Errorf("errors after passes:\n%s", out)
	}
}

func fitsWidth(t *testing.T, out string) {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if w := uniseg.StringWidth(l); w > check.TextWidth {
			t.Errorf("line of %d columns:\n%s", w, l)
		}
	}
}

// A BGA engine file keys its cards by constants, defined in a file it
// requires (modules/constants.inc.php): a value's place is its line in the
// file that writes it, and a key is the constant's value.
func TestPHPEngineWhere(t *testing.T) {
	fsys := fstest.MapFS{
		"engine/material.inc.php": {Data: []byte(`<?php
require_once('modules/constants.inc.php');
$this->cards = array(
  CARD_TEMPURA => array('name' => clienttranslate('Tempura'), 'nbr' => 14),
  CardType::WASABI => array('name' => clienttranslate('Wasabi'),
    'nbr' => 6),
);
`)},
		"engine/modules/constants.inc.php": {Data: []byte(`<?php
define('CARD_TEMPURA', 1);
class CardType
{
    const WASABI = 11;
}
$this->deck_size = 20;
`)},
	}
	e, err := check.ReadEngine(fsys, "engine/material.inc.php", "content/engine/material.inc.php")
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"cards.1.nbr":  "content/engine/material.inc.php:4",
		"cards.11":     "content/engine/material.inc.php:5",
		"cards.11.nbr": "content/engine/material.inc.php:6",
		"CARD_TEMPURA": "content/engine/modules/constants.inc.php:2",
		"deck_size":    "content/engine/modules/constants.inc.php:7",
	} {
		if got := e.Where(path); got != want {
			t.Errorf("%s is at %s, want %s", path, got, want)
		}
	}
}

// A JSON engine file saved with a byte order mark and CRLF line ends (as
// editors on Windows write gameoptions.json) is read as JSON, its lines
// counted as ever; YAML is too.
func TestEngineFileWithBOM(t *testing.T) {
	fsys := fstest.MapFS{
		"e/stats.json": {Data: []byte("\uFEFF{\r\n  \"player\": {\r\n    \"turns\": 10\r\n  }\r\n}\r\n")},
		"e/bad.json":   {Data: []byte("\uFEFF{\r\n  \"a\": 1,\r\n}\r\n")},
		"e/deck.yaml":  {Data: []byte("\uFEFFdeck:\r\n  Red: 3\r\n")},
	}
	e, err := check.ReadEngine(fsys, "e/stats.json", "e/stats.json")
	if err != nil || e.Values["player"].(map[string]any)["turns"] != int64(10) || e.Where("player.turns") != "e/stats.json:3" {
		t.Errorf("stats.json: %v, %v", e, err)
	}
	if _, err := check.ReadEngine(fsys, "e/bad.json", "e/bad.json"); err == nil || !strings.HasPrefix(err.Error(), "e/bad.json:3: error: invalid JSON: invalid character '}'") {
		t.Errorf("bad.json: %v", err)
	}
	if e, err := check.ReadEngine(fsys, "e/deck.yaml", "e/deck.yaml"); err != nil || e.Where("deck.Red") != "e/deck.yaml:2" {
		t.Errorf("deck.yaml: %v, %v", e, err)
	}
}
