package wiki_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// A page is found by its title, or by its game's slug or name; what finds
// nothing suggests the nearest names.
func TestFind(t *testing.T) {
	dir := t.TempDir()
	w := open(t, wiki.Config{Inputs: []string{feed(t, dir,
		[4]string{"Gamehelpsushigo", "2024-01-01T00:00:00Z", "A: s", "'''Sushi Go''' is a card game."},
		[4]string{"Tips sushigo", "2024-01-01T00:00:00Z", "A: s", "Tips."},
		[4]string{"Tips texasholdem", "2024-01-01T00:00:00Z", "A: s", "Tips only."},
		[4]string{"Glossary", "2024-01-01T00:00:00Z", "A: s", "Words."},
	)}})
	for name, want := range map[string]string{
		"Gamehelpsushigo": "Gamehelpsushigo", "gamehelp_sushigo": "Gamehelpsushigo", // titles
		"sushigo": "Gamehelpsushigo", "Sushi Go": "Gamehelpsushigo", "sushi-go": "Gamehelpsushigo", // a game: its rules page
		"Texas Hold'em": "Tips texasholdem", // a game without a rules page: its tips page
		"glossary":      "Glossary",
	} {
		p, err := w.Find(name)
		if err != nil || p.Title != want {
			t.Errorf("Find(%q) = %v, %v; want %s", name, p, err, want)
		}
	}
	for name, want := range map[string]string{
		"Gamehelpsushgio": `no page titled "Gamehelpsushgio" (did you mean Gamehelpsushigo?)`,
		"sushi":           `no page titled "sushi" (did you mean Gamehelpsushigo?)`,
		"Nothing at all":  `no page titled "Nothing at all"`,
	} {
		if _, err := w.Find(name); err == nil || err.Error() != want {
			t.Errorf("Find(%q): %v\nwant %s", name, err, want)
		}
	}
	if g, err := w.FindGame("Sushi Go"); err != nil || g.Slug != "sushigo" {
		t.Errorf("FindGame: %v %v", g, err)
	}
	if _, err := w.FindGame("sushigoo"); err == nil || !strings.Contains(err.Error(), "(did you mean sushigo?)") {
		t.Errorf("FindGame typo: %v", err)
	}
}

func TestSpan(t *testing.T) {
	p := &model.Page{Title: "P"}
	for _, ts := range []string{"2023-12-31T23:59:59Z", "2024-01-10T09:00:00Z", "2024-01-31T23:00:00Z", "2024-02-01T00:00:00Z"} {
		at, _ := time.Parse(model.TimeLayout, ts)
		p.Revisions = append(p.Revisions, &model.Revision{Timestamp: at})
	}
	for _, c := range []struct {
		since, until string
		i, j         int
	}{
		{"", "", 0, 4},
		{"2024", "", 1, 4},
		{"2024-01", "2024-01", 1, 3}, // the whole of January
		{"", "2024-01-10", 0, 2},
		// A revision's exact time is an instant: since it, the revisions
		// after it (what a pull brought since its "from"); until it, it.
		{"2024-01-10T09:00:00Z", "2024-01-10T09:00:00Z", 2, 2},
		{"2024-01-10T09:00:00Z", "", 2, 4},
		{"", "2024-01-10T09:00:00Z", 0, 2},
		{"2024-01-10T09:00", "2024-01-10T09:00", 1, 2}, // a minute: a period
		{"2024-01-10T10:00:00+01:00", "", 2, 4},        // an offset: the same instant
		{"2025", "", 4, 4},
	} {
		i, j, err := wiki.Span{Since: c.since, Until: c.until}.Range(p)
		if err != nil || i != c.i || j != c.j {
			t.Errorf("%q..%q: [%d, %d) %v, want [%d, %d)", c.since, c.until, i, j, err, c.i, c.j)
		}
	}
	if _, _, err := (wiki.Span{Since: "2024-13"}).Range(p); err == nil || !strings.Contains(err.Error(), "--since") {
		t.Errorf("bad --since: %v", err)
	}
	if _, _, err := (wiki.Span{Since: "2024-02", Until: "2024-01"}).Range(p); err == nil {
		t.Error("since after until: no error")
	}
}

func TestExtractTableAndKind(t *testing.T) {
	w := open(t, wiki.Config{})
	for q, want := range map[string]string{"hearts/scoring": "hearts/scoring", "hearts/sco": "hearts/scoring", "primiera": "scopa/primiera"} {
		pages, _, err := w.ExtractAll(wiki.ExtractOptions{Table: q})
		if err != nil || len(pages) != 1 || len(pages[0].Tables) != 1 || pages[0].Tables[0].ID != want {
			t.Errorf("--table %s: %v %v", q, pages, err)
		}
	}
	if _, _, err := w.ExtractAll(wiki.ExtractOptions{Table: "scoring"}); err == nil || err.Error() != `--table "scoring" matches 2 tables (hearts/scoring, scopa/scoring): give more of the id` {
		t.Errorf("ambiguous prefix: %v", err)
	}
	if _, _, err := w.ExtractAll(wiki.ExtractOptions{Table: "hearts/scorng"}); err == nil || !strings.Contains(err.Error(), "(did you mean hearts/scoring?)") {
		t.Errorf("typo: %v", err)
	}
	pages, _, err := w.ExtractAll(wiki.ExtractOptions{Kind: "options"})
	if err != nil || len(pages) == 0 {
		t.Fatalf("--kind options: %v", err)
	}
	for _, pt := range pages {
		for _, tb := range pt.Tables {
			if fmt.Sprint(tb.Kind) != "options" {
				t.Errorf("--kind options kept %s (%s)", tb.ID, tb.Kind)
			}
		}
	}
	if _, _, err := w.ExtractAll(wiki.ExtractOptions{Kind: "option"}); err == nil || !strings.Contains(err.Error(), "expected one of cards, scoring, royalties, options, table") {
		t.Errorf("bad kind: %v", err)
	}
}
