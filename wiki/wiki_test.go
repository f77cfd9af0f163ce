package wiki_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// feed writes a contribution feed with the given entries (title, timestamp,
// "User: summary", text) into dir and returns its path.
func feed(t *testing.T, dir string, entries ...[4]string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("Test wiki - User contributions [en]\n")
	for _, e := range entries {
		b.WriteString("\n" + e[0] + "\n\n" + e[1] + "\n\n" + e[2] + "\n\n" + e[3] + "\n")
	}
	p := filepath.Join(dir, "feed.txt")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func open(t *testing.T, cfg wiki.Config) *wiki.Wiki {
	t.Helper()
	w, err := wiki.Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestOpenSample(t *testing.T) {
	w := open(t, wiki.Config{})
	if !w.Sample {
		t.Error("no inputs: want the embedded sample")
	}
	if len(w.Games()) != 5 {
		t.Errorf("%d games in the sample, want 5", len(w.Games()))
	}
	dir := t.TempDir()
	w = open(t, wiki.Config{Inputs: []string{feed(t, dir, [4]string{"Gamehelpx", "2024-01-01T00:00:00Z", "A: s", "text"})}})
	if w.Sample {
		t.Error("inputs given: not the sample")
	}
}

// A game is its first rules page and first tips page; another rules page
// of the same game (a second prefix) is an ordinary page, for every caller.
func TestGames(t *testing.T) {
	dir := t.TempDir()
	in := feed(t, dir,
		[4]string{"Gamehelpdemo", "2024-01-01T00:00:00Z", "A: s", "Rules."},
		[4]string{"Rules demo", "2024-01-01T00:00:00Z", "A: s", "Other rules."},
		[4]string{"Tips demo", "2024-01-01T00:00:00Z", "A: s", "Tips."},
		[4]string{"Tips only", "2024-01-01T00:00:00Z", "A: s", "Tips."},
		[4]string{"Glossary", "2024-01-01T00:00:00Z", "A: s", "Words."},
	)
	w := open(t, wiki.Config{Inputs: []string{in},
		Conventions: model.Conventions{RulesPrefixes: []string{"Gamehelp", "Rules "}, TipsPrefixes: []string{"Tips "}}})
	games := w.Games()
	if len(games) != 2 || games[0].Slug != "demo" || games[1].Slug != "only" {
		t.Fatalf("games: %+v", games)
	}
	demo := games[0]
	if demo.Rules == nil || demo.Rules.Title != "Gamehelpdemo" || demo.Tips == nil || demo.Tips.Title != "Tips demo" {
		t.Errorf("demo: rules %v tips %v", demo.Rules, demo.Tips)
	}
	if len(demo.Pages()) != 2 {
		t.Errorf("demo pages: %d", len(demo.Pages()))
	}
	if only := games[1]; only.Rules != nil || only.Tips == nil || len(only.Pages()) != 1 {
		t.Errorf("tips-only game: %+v", only)
	}
	second, _ := w.Find("Rules demo")
	if w.GameOf(second) != nil {
		t.Error("a second rules page of a game is not part of the game")
	}
	if w.GameOf(demo.Rules) != demo || w.Game("nope") != nil {
		t.Error("GameOf/Game")
	}
}

// Every revision is parsed with the same options, whoever asks: the wiki's
// name and server reach {{SITENAME}} and {{SERVER}}, and the revision's
// time stands for now.
func TestParseOptions(t *testing.T) {
	dir := t.TempDir()
	in := feed(t, dir, [4]string{"Gamehelpdemo", "2021-06-01T00:00:00Z", "A: s", "{{SITENAME}} {{SERVER}} {{CURRENTYEAR}} {{PAGENAME}}"})
	w := open(t, wiki.Config{Inputs: []string{in}, Name: "Board wiki", Server: "https://wiki.example.org"})
	p, _ := w.Find("Gamehelpdemo")
	doc := w.Parse(p, p.Latest())
	got := strings.TrimSpace(model.PlainText(doc.Root))
	if got != "Board wiki https://wiki.example.org 2021 Gamehelpdemo" {
		t.Errorf("parsed: %q", got)
	}
	var b bytes.Buffer
	if _, err := w.RenderHTML(&b, "Gamehelpdemo", p.Latest().Text, p.Latest().Timestamp); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "<p>Board wiki <a") || !strings.Contains(b.String(), `href="https://wiki.example.org"`) || !strings.Contains(b.String(), "2021 Gamehelpdemo") {
		t.Errorf("RenderHTML: %s", b.String())
	}
	// The default name is MediaWiki's own.
	w = open(t, wiki.Config{Inputs: []string{in}})
	if got := model.PlainText(w.Parse(p, p.Latest()).Root); !strings.HasPrefix(got, wiki.DefaultName+" ") {
		t.Errorf("default name: %q", got)
	}
	// Without a server, the wiki's address gives it, whichever form it has.
	for u, want := range map[string]string{
		"https://en.doc.example.org/":         "https://en.doc.example.org",
		"https://en.example.org/wiki/$1":      "https://en.example.org",
		"http://example.org:8080/w/index.php": "http://example.org:8080",
	} {
		w = open(t, wiki.Config{Inputs: []string{in}, URL: u})
		if got := model.PlainText(w.Parse(p, p.Latest()).Root); !strings.Contains(got, " "+want+" ") {
			t.Errorf("server from %s: %q, want %s", u, got, want)
		}
	}
}

func TestKeepGoing(t *testing.T) {
	dir := t.TempDir()
	good := feed(t, dir, [4]string{"Gamehelpx", "2024-01-01T00:00:00Z", "A: s", "x"})
	bad := filepath.Join(dir, "notes.txt")
	os.WriteFile(bad, []byte("just notes\n"), 0o644)
	if _, err := wiki.Open(wiki.Config{Inputs: []string{good, bad}}); err == nil || !strings.Contains(err.Error(), "notes.txt:1: error: unknown input format") {
		t.Errorf("without KeepGoing: %v", err)
	}
	w := open(t, wiki.Config{Inputs: []string{good, bad}, KeepGoing: true})
	if !w.Messages.HasErrors() || len(w.Messages) != 1 || w.Corpus.Page("Gamehelpx") == nil {
		t.Errorf("KeepGoing: %v", w.Messages)
	}
}

func TestExtractAll(t *testing.T) {
	w := open(t, wiki.Config{})
	all, _, err := w.ExtractAll(wiki.ExtractOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, pt := range all {
		if len(pt.Tables) == 0 {
			t.Errorf("%s: a page without tables is listed", pt.Page)
		}
	}
	one, _, err := w.ExtractAll(wiki.ExtractOptions{Page: "Gamehelphearts", Rev: "first"})
	if err != nil || len(one) != 1 || one[0].Page != "Gamehelphearts" {
		t.Fatalf("one page: %v %v", one, err)
	}
	if _, _, err := w.ExtractAll(wiki.ExtractOptions{Page: "Gamehelpnothing"}); err == nil {
		t.Error("unknown page: no error")
	}
	dir := t.TempDir()
	if err := wiki.WriteTableFiles(dir, "json", all); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "hearts.json")); err != nil {
		t.Error(err)
	}
}

func TestDiff(t *testing.T) {
	w := open(t, wiki.Config{})
	h, err := w.History("Gamehelphearts")
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.Diff("first", "latest")
	if err != nil {
		t.Fatal(err)
	}
	if !res.RulesChanged() {
		t.Error("the sample's first Hearts revision had the queen of spades wrong: rules changed")
	}
	if h.Side(0) != h.Side(0) {
		t.Error("a revision is parsed once")
	}
	log, err := h.Changelog(wiki.Span{})
	if err != nil || len(log) != len(h.Page.Revisions) || log[0].From.Timestamp != "" {
		t.Errorf("changelog: %d entries", len(log))
	}
	if _, err := h.Diff("prev", "first"); err == nil || !strings.Contains(err.Error(), "nothing before it") {
		t.Errorf("prev of the first: %v", err)
	}
	if _, err := h.Diff("", "99"); err == nil || !strings.Contains(err.Error(), "--to") {
		t.Errorf("bad --to: %v", err)
	}
}

func TestCheck(t *testing.T) {
	w := open(t, wiki.Config{})
	s, err := w.Suite(wiki.SuiteConfig{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := w.Check(s, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) < 10 || rep.Failed() || rep.Errored() {
		t.Errorf("sample checks: %d results, failed %v, errored %v", len(rep.Results), rep.Failed(), rep.Errored())
	}
	hist, err := w.CheckHistory(s)
	if err != nil {
		t.Fatal(err)
	}
	broken := false
	for _, h := range hist.History {
		if len(h.Transitions) > 1 && h.Transitions[0].Status == check.Fail {
			broken = true
		}
	}
	if !broken {
		t.Error("the sample keeps a check that failed in an early revision and passes now")
	}

	// With inputs of one's own, the sample's specs do not apply.
	dir := t.TempDir()
	own := open(t, wiki.Config{Inputs: []string{feed(t, dir, [4]string{"Gamehelphearts", "2024-01-01T00:00:00Z", "A: s", "x"})}})
	s, err = own.Suite(wiki.SuiteConfig{})
	if err != nil || len(s.Games()) != 0 {
		t.Errorf("own inputs: %v specs, %v", s.Games(), err)
	}
	// A spec for a game the inputs do not have is an error, with the
	// nearest game: CI must not pass with no check run.
	specs := filepath.Join(dir, "specs")
	os.Mkdir(specs, 0o755)
	os.WriteFile(filepath.Join(specs, "h.yaml"), []byte("game: heart\nchecks:\n  - id: a\n    expr: true\n"), 0o644)
	s, err = own.Suite(wiki.SuiteConfig{ChecksDir: specs})
	if s == nil || err == nil || !strings.Contains(err.Error(), "h.yaml:1: error: game heart: no page of that game in the inputs, so none of its checks would run (did you mean hearts?) [spec]") {
		t.Errorf("spec for a missing game: %v", err)
	}
	// --engine alone does nothing with inputs of one's own: an error.
	if _, err := own.Suite(wiki.SuiteConfig{EngineDir: dir}); err == nil || !strings.Contains(err.Error(), "without --checks") {
		t.Errorf("--engine without --checks: %v", err)
	}

	// Inputs without a game page: nothing would be checked, an error
	// naming the prefixes, with and without --history.
	none := open(t, wiki.Config{Inputs: []string{feed(t, t.TempDir(), [4]string{"Rules of hearts", "2024-01-01T00:00:00Z", "A: s", "x"})}})
	s, err = none.Suite(wiki.SuiteConfig{})
	if err != nil {
		t.Fatal(err)
	}
	want := "nothing to check: the inputs (1 page) have no rules or tips page of a game (titles starting with “Gamehelp” or “Tips ”"
	if _, err := none.Check(s, ""); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("no game page: %v", err)
	}
	if _, err := none.CheckHistory(s); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("no game page, history: %v", err)
	}
}

func TestExportMarkdown(t *testing.T) {
	w := open(t, wiki.Config{})
	var b bytes.Buffer
	n, err := w.ExportMarkdown(wiki.ExportOptions{Page: "Gamehelphearts", Out: &b})
	if err != nil || n != 1 {
		t.Fatal(n, err)
	}
	if !strings.Contains(b.String(), "(Tips_hearts.md)") {
		t.Errorf("links to exported pages: %s", b.String())
	}
	// Front matter says what the page is; the title is the first heading.
	if want := "---\ntitle: Gamehelphearts\npage: Gamehelphearts\ngame: hearts\nkind: rules\ntimestamp: \"2024-02-03T11:05:09Z\"\nauthor: Mara\nsummary: /* Variants */ list the table options\n---\n\n# Gamehelphearts\n\n"; !strings.HasPrefix(b.String(), want) {
		t.Errorf("front matter:\n%s\nwant\n%s", b.String()[:min(300, b.Len())], want)
	}
	dir := t.TempDir()
	if n, err = w.ExportMarkdown(wiki.ExportOptions{Dir: dir}); err != nil || n != len(w.Corpus.Pages) {
		t.Fatal(n, err)
	}
	if _, err := os.Stat(filepath.Join(dir, wiki.MarkdownFileName("Gamehelphearts"))); err != nil {
		t.Error(err)
	}
}

func TestWriteRoundTrip(t *testing.T) {
	w := open(t, wiki.Config{})
	dir := t.TempDir()
	var xml, fd bytes.Buffer
	if err := w.WriteXML(&xml); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteFeed(&fd, ""); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "all.xml"), xml.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "all.txt"), fd.Bytes(), 0o644)
	for _, f := range []string{"all.xml", "all.txt"} {
		back := open(t, wiki.Config{Inputs: []string{filepath.Join(dir, f)}})
		if len(back.Corpus.Pages) != len(w.Corpus.Pages) {
			t.Errorf("%s: %d pages, want %d", f, len(back.Corpus.Pages), len(w.Corpus.Pages))
		}
	}
	if err := w.WriteWikiDir(filepath.Join(dir, "pages")); err != nil {
		t.Fatal(err)
	}
	back := open(t, wiki.Config{Inputs: []string{filepath.Join(dir, "pages")}})
	p := back.Corpus.Page("Gamehelphearts")
	if p == nil || p.Latest().Text != w.Corpus.Page("Gamehelphearts").Latest().Text {
		t.Error(".wiki directory: latest text differs")
	}
	if !p.Latest().Timestamp.Equal(w.Corpus.Page("Gamehelphearts").Latest().Timestamp.Truncate(time.Second)) {
		t.Error(".wiki directory: file time is not the revision's")
	}
}
