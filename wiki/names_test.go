package wiki_test

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// A game's name comes from the configuration's names, its page's
// {{DISPLAYTITLE:}}, its note's front matter, its lead, then its slug; the
// same name is what Find accepts.
func TestGameNames(t *testing.T) {
	dir := t.TempDir()
	in := feed(t, dir,
		[4]string{"Gamehelpsushigo", "2024-01-01T00:00:00Z", "A: s", "'''Sushi Go''' is a card game."},
		[4]string{"Gamehelpkingoftokyo", "2024-01-01T00:00:00Z", "A: s", "== Overview ==\nKing of Tokyo is a dice game for 2-6 players."},
		[4]string{"Gamehelpthegang", "2024-01-01T00:00:00Z", "A: s", "{{DISPLAYTITLE:''The Gang''}}\nA cooperative poker game. The gang plays."},
		[4]string{"Gamehelpdt", "2024-01-01T00:00:00Z", "A: s", "{{DISPLAYTITLE:Gamehelp Dice Tower}}\nText."},
		[4]string{"Gamehelplettertycoon", "2024-01-01T00:00:00Z", "A: s", "A word game."},
		[4]string{"Gamehelpnoted", "2024-01-01T00:00:00Z", "A: s", "{{DISPLAYTITLE:From the page}} Text."},
		[4]string{"Gamehelpmapped", "2024-01-01T00:00:00Z", "A: s", "{{DISPLAYTITLE:From the page}} '''Mapped''' text."},
		[4]string{"Gamehelpplain", "2024-01-01T00:00:00Z", "A: s", "No name here. <nowiki>{{DISPLAYTITLE:Not this}}</nowiki>"},
		[4]string{"Tips texas holdem", "2024-01-01T00:00:00Z", "A: s", "Tips only."},
	)
	notes := fstest.MapFS{
		"games/lettertycoon.md": {Data: []byte("---\nname: Letter Tycoon\n---\nA note.\n")},
		"games/noted.md":        {Data: []byte("---\nname: From the note\n---\n")},
	}
	w := open(t, wiki.Config{Inputs: []string{in}, SiteContent: notes, Names: map[string]string{"mapped": "Mapped Game!", "Gamehelpplain": "Plain & Simple"}})
	want := map[string]string{
		"sushigo":      "Sushi Go",       // bold lead
		"kingoftokyo":  "King of Tokyo",  // lead words
		"thegang":      "The Gang",       // DISPLAYTITLE, markup removed
		"dt":           "Dice Tower",     // DISPLAYTITLE, prefix removed
		"lettertycoon": "Letter Tycoon",  // the note
		"noted":        "From the page",  // DISPLAYTITLE before the note
		"mapped":       "Mapped Game!",   // configuration first
		"plain":        "Plain & Simple", // configuration, by page title
		"texas-holdem": "Texas holdem",   // the tips title, last resort
	}
	for _, g := range w.Games() {
		if got := w.GameName(g); got != want[g.Slug] {
			t.Errorf("%s: name %q, want %q", g.Slug, got, want[g.Slug])
		}
		// Find accepts the name wherever a title is taken.
		p, err := w.Find(want[g.Slug])
		if err != nil || p != g.Pages()[0] {
			t.Errorf("Find(%q) = %v, %v; want %s", want[g.Slug], p, err, g.Pages()[0].Title)
		}
	}
	// Names of no game are a warning naming the key.
	w = open(t, wiki.Config{Inputs: []string{in}, Names: map[string]string{"sushgo": "X"}, NamesFile: "wikirules.yaml", NamesLines: map[string]int{"sushgo": 4}})
	if got := w.Messages.Error(); !strings.Contains(got, `wikirules.yaml:4: warning: names: no game "sushgo" in the inputs (did you mean sushigo?) [name]`) {
		t.Errorf("messages: %s", got)
	}
	// A note's front matter with an unknown key is an error naming it.
	_, err := wiki.Open(wiki.Config{Inputs: []string{in}, SiteContent: fstest.MapFS{"games/x.md": {Data: []byte("---\nname: X\nnmae: Y\n---\n")}}})
	if err == nil || !strings.Contains(err.Error(), `games/x.md:3:1: error: unknown key "nmae" (did you mean name?)`) {
		t.Errorf("front matter: %v", err)
	}
}

func TestSplitFrontMatter(t *testing.T) {
	for _, c := range []struct{ in, name, title, body, err string }{
		{"# Hi\n", "", "", "# Hi\n", ""},
		{"---\nname: N\ntitle: T\n---\n# Hi\n", "N", "T", "# Hi\n", ""},
		{"---\n---\nbody", "", "", "body", ""},
		{"---\nname: N\n...\nbody", "N", "", "body", ""},
		{"---\nname: N\n---", "N", "", "", ""},
		{"---\nname: N\n", "", "", "", "f.md:1: error: front matter opened by --- is never closed"},
		{"---\nname: [a]\n---\n", "", "", "", "f.md:2:7: error: expected a text value"},
	} {
		n, body, err := wiki.SplitFrontMatter("f.md", []byte(c.in))
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.in, err, c.err)
			}
		case err != nil:
			t.Errorf("%q: %v", c.in, err)
		case n.Name != c.name || n.Title != c.title || string(body) != c.body:
			t.Errorf("%q: %+v %q", c.in, n, body)
		}
	}
}

// Links back to the wiki, in both forms of its address.
func TestWikiLinks(t *testing.T) {
	r := &model.Revision{ID: 42}
	feedRev := &model.Revision{}
	feedRev.Timestamp = mustTime(t, "2024-01-12T18:22:41Z")
	for _, c := range []struct{ url, page, edit, rev, feedRev, file string }{
		{"", "", "", "", "", ""},
		{"https://en.doc.boardgamearena.com", "https://en.doc.boardgamearena.com/index.php?title=Tips_sushi_go%3F", "https://en.doc.boardgamearena.com/index.php?title=Tips_sushi_go%3F&action=edit",
			"https://en.doc.boardgamearena.com/index.php?title=Tips_sushi_go%3F&oldid=42", "https://en.doc.boardgamearena.com/index.php?title=Tips_sushi_go%3F&action=history&offset=20240112182242&limit=1",
			"https://en.doc.boardgamearena.com/index.php?title=File:Board_game.png"},
		{"https://w.example/wiki/$1", "https://w.example/wiki/Tips_sushi_go%3F", "https://w.example/wiki/Tips_sushi_go%3F?action=edit",
			"https://w.example/wiki/Tips_sushi_go%3F?oldid=42", "https://w.example/wiki/Tips_sushi_go%3F?action=history&offset=20240112182242&limit=1",
			"https://w.example/wiki/File:Board_game.png"},
	} {
		w := wiki.New(nil, nil, wiki.Config{URL: c.url})
		got := []string{w.PageURL("tips sushi go?"), w.EditURL("Tips sushi go?"), w.RevisionURL("Tips sushi go?", r), w.RevisionURL("Tips sushi go?", feedRev), w.FileURL("Board game.png")}
		exp := []string{c.page, c.edit, c.rev, c.feedRev, c.file}
		for i := range got {
			if got[i] != exp[i] {
				t.Errorf("%q: %q, want %q", c.url, got[i], exp[i])
			}
		}
		if w.HasURL() != (c.url != "") {
			t.Errorf("%q: HasURL %v", c.url, w.HasURL())
		}
	}
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

func TestLeadName(t *testing.T) {
	for _, c := range []struct{ text, slug, want string }{
		{"'''Texas Hold'em''' is a card game.", "texasholdem", "Texas Hold'em"},
		{"== Overview ==\nKing of Tokyo is a dice game for 2-6 players.", "kingoftokyo", "King of Tokyo"},
		{"'''Bold''' words. Mr. Jack, a game.", "mrjack", "Mr. Jack"},
		{"Nothing here spells it.", "hearts", "Hearts"},
		{"the board of tokyo king.", "theboard", "Theboard"},
	} {
		dir := t.TempDir()
		w := open(t, wiki.Config{Inputs: []string{feed(t, dir, [4]string{"Gamehelp" + c.slug, "2024-01-01T00:00:00Z", "A: s", c.text})}})
		if got := w.GameName(w.Games()[0]); got != c.want {
			t.Errorf("%q (%s): %q, want %q", c.text, c.slug, got, c.want)
		}
	}
}

// The lead is read from the start of a long page only: its name is found
// there, and a name far down the page is not (a few kilobytes of parsing
// per game).
func TestLeadOfLongPage(t *testing.T) {
	long := strings.Repeat("Some paragraph of rules text that goes on.\n\n", 600)
	dir := t.TempDir()
	w := open(t, wiki.Config{Inputs: []string{feed(t, dir,
		[4]string{"Gamehelpkingoftokyo", "2024-01-01T00:00:00Z", "A: s", "'''King of Tokyo''' is a dice game.\n\n" + long},
		[4]string{"Gamehelpmrjack", "2024-01-01T00:00:00Z", "A: s", long + "'''Mr. Jack''' at the end."},
	)}})
	for _, g := range w.Games() {
		want := map[string]string{"kingoftokyo": "King of Tokyo", "mrjack": "Mrjack"}[g.Slug]
		if got := w.GameName(g); got != want {
			t.Errorf("%s: %q, want %q", g.Slug, got, want)
		}
	}
}
