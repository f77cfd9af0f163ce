package site_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/wiki"
)

// feedOf writes a contribution feed of the entries (title, timestamp,
// "User: summary", text) and returns its path.
func feedOf(t *testing.T, entries ...[4]string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("Test wiki - User contributions [en]\n")
	for _, e := range entries {
		b.WriteString("\n" + e[0] + "\n\n" + e[1] + "\n\n" + e[2] + "\n\n" + e[3] + "\n")
	}
	p := filepath.Join(t.TempDir(), "feed.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// buildWiki builds the site of a wiki opened as the commands open it.
func buildWiki(t *testing.T, cfg wiki.Config, opts site.Options) map[string][]byte {
	t.Helper()
	w, err := wiki.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "public")
	opts.Out, opts.Version = out, "test"
	if _, err := site.Build(w, opts); err != nil {
		t.Fatal(err)
	}
	checkLinks(t, out)
	return files(t, out)
}

// A site of other pages than the sample's shows nothing of the sample: not
// its notes, not its pages, not its introduction; its home page has a
// neutral one. The sample's site has them.
func TestNoSampleText(t *testing.T) {
	in := feedOf(t,
		[4]string{"Gamehelphearts", "2024-01-01T00:00:00Z", "A: s", "'''Hearts''' is played by four.\n== Scoring ==\nEach heart is a point."},
		[4]string{"Gamehelpscopa", "2024-01-01T00:00:00Z", "A: s", "Scopa is played with forty cards."},
	)
	real := buildWiki(t, wiki.Config{Inputs: []string{in}}, site.Options{})
	// Phrases of six words of every sample page: none may appear (but
	// those the site's own layouts say too).
	var layouts strings.Builder
	entries, _ := os.ReadDir("../templates/layouts")
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join("../templates/layouts", e.Name()))
		layouts.WriteString(strings.Join(regexp.MustCompile(`[A-Za-z']+`).FindAllString(string(data), -1), " "))
	}
	var phrases []string
	sample := content.New().Site()
	fs.WalkDir(sample, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := fs.ReadFile(sample, p)
		words := regexp.MustCompile(`[A-Za-z']+`).FindAllString(string(data), -1)
		for i := 0; i+6 <= len(words); i += 3 {
			if ph := strings.Join(words[i:i+6], " "); !strings.Contains(layouts.String(), ph) {
				phrases = append(phrases, ph)
			}
		}
		return nil
	})
	if len(phrases) < 10 {
		t.Fatalf("only %d phrases in the sample's pages", len(phrases))
	}
	space := regexp.MustCompile(`\s+`)
	for p, data := range real {
		if !strings.HasSuffix(p, ".html") && !strings.HasSuffix(p, ".js") && !strings.HasSuffix(p, ".xml") {
			continue
		}
		text := space.ReplaceAllString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(string(data), " "), " ")
		for _, ph := range phrases {
			if strings.Contains(text, ph) {
				t.Errorf("%s shows the sample's %q", p, ph)
			}
		}
	}
	if _, ok := real["about/index.html"]; ok {
		t.Error("the sample's about page is in a site of other pages")
	}
	if !bytes.Contains(real["index.html"], []byte(`The rules of the wiki's games as their pages read today`)) {
		t.Error("the home page lacks the neutral introduction")
	}
	// The sample's own site keeps them.
	own := buildWiki(t, wiki.Config{}, site.Options{})
	if _, ok := own["about/index.html"]; !ok || !bytes.Contains(own["games/hearts/index.html"], []byte("Engine note.")) {
		t.Error("the sample's site lacks its about page or its note on Hearts")
	}
}

// One name per game, everywhere: titles, breadcrumbs, home, history,
// search, the feed, the previous/next links; from the configuration, a
// {{DISPLAYTITLE:}}, a note's front matter, the lead.
func TestGameNamesEverywhere(t *testing.T) {
	in := feedOf(t,
		[4]string{"Gamehelpsushigo", "2024-01-01T00:00:00Z", "A: s", "'''Sushi Go''' is a card game.\n== Scoring ==\nPoints.\n== Using Wasabi ==\nTriples a nigiri."},
		[4]string{"Gamehelpthegang", "2024-01-02T00:00:00Z", "A: s", "{{DISPLAYTITLE:The Gang}}\nA cooperative poker game."},
		[4]string{"Gamehelplettertycoon", "2024-01-03T00:00:00Z", "A: s", "A word game."},
		[4]string{"Gamehelpkingoftokyo", "2024-01-04T00:00:00Z", "A: s", "Monsters."},
		[4]string{"Tips thegang", "2024-01-05T00:00:00Z", "A: s", "Talk little."},
	)
	notes := fstest.MapFS{"games/lettertycoon.md": {Data: []byte("---\nname: Letter Tycoon\n---\nA note on the game.\n")}}
	fs := buildWiki(t, wiki.Config{Inputs: []string{in}, SiteContent: notes, Names: map[string]string{"kingoftokyo": "King of Tokyo"}}, site.Options{})
	names := map[string]string{"sushigo": "Sushi Go", "thegang": "The Gang", "lettertycoon": "Letter Tycoon", "kingoftokyo": "King of Tokyo"}
	for slug, name := range names {
		page := string(fs["games/"+slug+"/index.html"])
		for _, want := range []string{"<h1>" + name + "</h1>", "<title>" + name + " · ", `<span aria-current="page">` + name + `</span>`} {
			if !strings.Contains(page, want) {
				t.Errorf("games/%s lacks %q", slug, want)
			}
		}
		if !strings.Contains(string(fs["games/"+slug+"/history/index.html"]), "<h1>History of "+name+"</h1>") {
			t.Errorf("the history of %s is not titled by its name", slug)
		}
		if !strings.Contains(string(fs["games/"+slug+"/rules/index.html"]), "<h1>"+name+": rule tables</h1>") {
			t.Errorf("the rule tables of %s are not titled by its name", slug)
		}
		if !strings.Contains(string(fs["index.html"]), `<span class="card-title">`+name+`</span>`) {
			t.Errorf("the home page's card of %s is not its name", slug)
		}
		if !strings.Contains(searchDocs(fs), `["`+name+`",-1,"games/`+slug+`/index.html"`) {
			t.Errorf("the search does not know %s by its name", slug)
		}
	}
	// Slugs never show as names.
	// Slugs never show as names; a page's title on the wiki shows only as
	// such (in code, or beside the name).
	for _, bad := range []string{">Sushigo<", ">Thegang<", ">Lettertycoon<", ">Kingoftokyo<", ">Gamehelpsushigo<", ">Tips thegang<"} {
		for p, data := range fs {
			if strings.HasSuffix(p, ".html") && bytes.Contains(bytes.ReplaceAll(data, []byte("<code"+bad), nil), []byte(bad)) {
				t.Errorf("%s shows %s", p, bad)
			}
		}
	}
	if !strings.Contains(string(fs["pages/index.html"]), `>Sushi Go</a> <span class="count">Gamehelpsushigo · 1 revision</span>`) {
		t.Error("all pages: a game's page is not listed by the game's name, with its title")
	}
	if !strings.Contains(string(fs["games/thegang/tips/index.html"]), "<h1>The Gang: tips</h1>") {
		t.Error("the tips page is not titled by the game's name")
	}
	if !strings.Contains(string(fs["index.html"]), `>The Gang: tips</a>`) || !strings.Contains(string(fs["feed.xml"]), "<title>The Gang: tips</title>") {
		t.Error("recent changes and the feed do not name the tips page by the game")
	}
	// Previous and next game, by slug: kingoftokyo < lettertycoon < sushigo < thegang.
	lt := string(fs["games/lettertycoon/index.html"])
	if !strings.Contains(lt, `rel="prev" href="../../games/kingoftokyo/index.html"><span class="dir">← Previous game</span> King of Tokyo</a>`) ||
		!strings.Contains(lt, `rel="next" href="../../games/sushigo/index.html"><span class="dir">Next game →</span> Sushi Go</a>`) {
		t.Error("previous/next game links are missing or misnamed")
	}
	if strings.Contains(string(fs["games/kingoftokyo/index.html"]), `rel="prev"`) || strings.Contains(string(fs["games/thegang/index.html"]), `rel="next"`) {
		t.Error("a previous game before the first or a next after the last")
	}
	// Search: a section is an entry of its own, linked to its heading.
	if !regexp.MustCompile(`\["Using Wasabi",\d+,"games/sushigo/index.html#Using_Wasabi","rules","Triples a nigiri."\]`).MatchString(searchDocs(fs)) {
		t.Error("the search index lacks the section Using Wasabi")
	}
}

// Links back to the wiki: every page links to its page and edit form on
// the wiki, each revision to the wiki's (by ?oldid= when the input has ids),
// files to their file pages; an image placeholder links to the site's file
// page.
func TestWikiLinks(t *testing.T) {
	rev := func(id int64, day int, text string) *model.Revision {
		return &model.Revision{ID: id, Timestamp: time.Date(2024, 1, day, 0, 0, 0, 0, time.UTC), Author: "A", Summary: "s", Text: text, SHA1: model.TextSHA1(text)}
	}
	conv := model.DefaultConventions()
	page := func(title string, revs ...*model.Revision) *model.Page {
		ns, kind, game := conv.Classify(title, -1)
		return &model.Page{Title: title, Namespace: ns, Kind: kind, Game: game, Revisions: revs}
	}
	c := model.NewCorpus([]*model.Page{
		page("Gamehelpdemo", rev(101, 1, "Demo.\n[[File:Board.png|thumb|The board]]"), rev(102, 2, "Demo game.\n[[File:Board.png|thumb|The board]]\n[[File:Nowhere.png|thumb|Not here]]")),
		page("File:Board.png", rev(103, 1, "The board, photographed.")),
	})
	w := wiki.New(c, nil, wiki.Config{URL: "https://wiki.example.org/"})
	out := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(w, site.Options{Out: out, Version: "test"}); err != nil {
		t.Fatal(err)
	}
	checkLinks(t, out)
	fs := files(t, out)
	game, hist, file := string(fs["games/demo/index.html"]), string(fs["games/demo/history/index.html"]), string(fs["wiki/file-board-png/index.html"])
	for _, c := range []struct{ file, text, want string }{
		{"games/demo/index.html", game, `<a href="https://wiki.example.org/index.php?title=Gamehelpdemo" rel="external">On the wiki</a>`},
		{"games/demo/index.html", game, `<a href="https://wiki.example.org/index.php?title=Gamehelpdemo&amp;action=edit" rel="external">Edit</a>`},
		{"games/demo/index.html", game, `<a href="https://wiki.example.org/index.php?title=Gamehelpdemo&amp;oldid=102" rel="external" title="This revision on the wiki">`},
		// The placeholder of a file the site has a page for links to it;
		// one it has none for, to the wiki's file page.
		{"games/demo/index.html", game, `<a href="../../wiki/file-board-png/index.html"><span class="file-missing"`},
		{"games/demo/index.html", game, `<a href="https://wiki.example.org/index.php?title=File:Nowhere.png"><span class="file-missing"`},
		{"games/demo/history/index.html", hist, `<a class="wiki-link" href="https://wiki.example.org/index.php?title=Gamehelpdemo&amp;oldid=101" rel="external">this revision on the wiki</a>`},
		{"games/demo/history/index.html", hist, `<a href="https://wiki.example.org/index.php?title=Gamehelpdemo&amp;action=history" rel="external">History on the wiki</a>`},
		{"wiki/file-board-png/index.html", file, `<a href="https://wiki.example.org/index.php?title=File:Board.png" rel="external">On the wiki</a>`},
	} {
		if !strings.Contains(c.text, c.want) {
			t.Errorf("%s lacks %s", c.file, c.want)
		}
	}
	// Without the wiki's address, no link to it.
	out2 := filepath.Join(t.TempDir(), "public")
	if _, err := site.Build(wiki.New(c, nil, wiki.Config{}), site.Options{Out: out2, Version: "test"}); err != nil {
		t.Fatal(err)
	}
	for p, data := range files(t, out2) {
		if bytes.Contains(data, []byte("wiki.example.org")) || bytes.Contains(data, []byte("On the wiki")) {
			t.Errorf("%s links to a wiki whose address is unknown", p)
		}
	}
}

// The small things of issue 17: a game with only tips says so with a link
// and counts its history; a game without tables offers no downloads; the
// form a table was read from is said in words; the history shows times on
// one line, "no summary", diffs side by side and each revision against the
// current one; headings have permalinks.
func TestReadingDetails(t *testing.T) {
	in := feedOf(t,
		[4]string{"Tips onlytips", "2024-01-01T00:00:00Z", "A: first", "Tip one."},
		[4]string{"Tips onlytips", "2024-01-02T00:00:00Z", "B:", "Tip one. Tip two."},
		[4]string{"Tips onlytips", "2024-01-03T00:00:00Z", "C: third", "Tip one. Tip two. Tip three."},
		[4]string{"Gamehelpnotables", "2024-01-01T00:00:00Z", "A: s", "No table here.\n== Setup ==\nShuffle.\n== Play ==\nPlay."},
		[4]string{"Gamehelpfines", "2024-01-01T00:00:00Z", "A: one", "== Fines ==\nLate 1\nAbsent 2\n\nA long sentence that is only prose ends the run.\n== Other ==\nText."},
		[4]string{"Gamehelpfines", "2024-01-02T00:00:00Z", "A: two", "== Fines ==\nLate 1\nAbsent 3\n\nA long sentence that is only prose ends the run.\n== Other ==\nText."},
		[4]string{"Gamehelpfines", "2024-01-03T00:00:00Z", "A: three", "== Fines ==\nLate 2\nAbsent 3\n\nA long sentence that is only prose ends the run.\n== Other ==\nMore text."},
	)
	fs := buildWiki(t, wiki.Config{Inputs: []string{in}}, site.Options{})
	only := string(fs["games/onlytips/index.html"])
	if !strings.Contains(only, `see <a href="../../games/onlytips/tips/index.html">its tips</a>`) || !strings.Contains(only, "History (3 revisions)") {
		t.Errorf("the page of a game with only tips:\n%s", only)
	}
	nt := string(fs["games/notables/rules/index.html"])
	if strings.Contains(nt, "Download every table") || strings.Contains(nt, "Rule tables (0)") {
		t.Error("a game without tables offers downloads or counts 0 tables")
	}
	fr := string(fs["games/fines/rules/index.html"])
	if !strings.Contains(fr, "· from lines of text on") || strings.Contains(fr, "from a lines") {
		t.Error("the form of a table is not said in words")
	}
	if shown, err := tablesShown([]byte(fr)); err != nil || len(shown) != 1 || strings.Join(shown[0].Rows[1], "|") != "Absent|3" {
		t.Errorf("a lines table does not show its values: %+v %v", shown, err)
	}
	hist := string(fs["games/onlytips/tips/history/index.html"])
	if !strings.Contains(hist, `<span class="no-summary">no summary</span>`) || !strings.Contains(hist, `<td class="time">`) {
		t.Error("the history lacks 'no summary' or its time cells")
	}
	fh := string(fs["games/fines/history/index.html"])
	for _, want := range []string{
		`<table class="diff-text sbs">`,
		// Side by side: the old line and the new one in one row, the
		// changed words marked.
		`<tr class="chg"><td class="ln">3</td><td class="code del"><span class="sign" aria-hidden="true">−</span>Absent <del>2</del></td><td class="ln">3</td><td class="code ins"><span class="sign" aria-hidden="true">+</span>Absent <ins>3</ins></td></tr>`,
		// The first revision against the current one: the lines it has
		// that the current one has not, and how many stay or come.
		`<details class="diff-box compare-box" id="cmp-rev-2024-01-01T00-00-00Z" data-ops="[1,[&#34;Late 1&#34;,&#34;Absent 2&#34;],-2,3,[&#34;Text.&#34;],-1]">`,
		`<a href="#cmp-rev-2024-01-01T00-00-00Z">vs current</a>`,
		// The one before the current: its comparison is the current diff.
		`<a href="#diff-rev-2024-01-03T00-00-00Z">vs current</a>`,
		`Show changes in one column`,
	} {
		if !strings.Contains(fh, want) {
			t.Errorf("the history lacks %s", want)
		}
	}
	if !strings.Contains(string(fs["games/notables/index.html"]), `<h2 id="Setup">Setup<a class="wr-anchor" aria-label="Link to this section" href="#Setup">#</a></h2>`) {
		t.Error("headings have no permalink")
	}
	if !strings.Contains(string(fs["games/notables/index.html"]), `<details class="toc-inline"><summary>Contents</summary>`) {
		t.Error("no collapsible contents for narrow screens")
	}
}
