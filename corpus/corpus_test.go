package corpus

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/model"
)

func TestSeeds(t *testing.T) {
	dir := shared.Path(t, "seeds")
	c, err := Load([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	revs := 0
	for _, p := range c.Pages {
		revs += len(p.Revisions)
		for i := 1; i < len(p.Revisions); i++ {
			if p.Revisions[i].Timestamp.Before(p.Revisions[i-1].Timestamp) {
				t.Errorf("%s: revisions out of order", p.Title)
			}
		}
		if strings.HasPrefix(p.Title, "File:") && p.Kind != model.PageFile {
			t.Errorf("%s: kind %s, want file", p.Title, p.Kind)
		}
	}
	if len(c.Pages) != 38 || revs != 81 {
		t.Errorf("%d pages, %d revisions; want 38, 81", len(c.Pages), revs)
	}
	for title, want := range map[string][2]string{
		"Gamehelpsushigo":           {"rules", "sushigo"},
		"Tips openfacechinesepoker": {"tips", "openfacechinesepoker"},
		"Multipleaccounts":          {"other", ""},
		"File:Tablut Capture.jpg":   {"file", ""},
	} {
		p := c.Page(title)
		if p == nil {
			t.Errorf("no page %q", title)
			continue
		}
		if p.Kind.String() != want[0] || p.Game != want[1] {
			t.Errorf("%s: kind %s game %q, want %s %q", title, p.Kind, p.Game, want[0], want[1])
		}
	}
	if len(c.Warnings) != 0 {
		t.Errorf("unexpected warnings: %v", c.Warnings)
	}
}

// Loading the seeds twice (as the feeds and as an export of them) must give
// the same corpus: every revision is a duplicate of one already read.
func TestDuplicatesMerge(t *testing.T) {
	dir := shared.Path(t, "seeds")
	once, err := Load([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	twice, err := Load([]string{dir, filepath.Join(dir, "*.txt")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(once.Pages) != len(twice.Pages) {
		t.Fatalf("%d pages vs %d", len(once.Pages), len(twice.Pages))
	}
	for i, p := range once.Pages {
		if len(p.Revisions) != len(twice.Pages[i].Revisions) {
			t.Errorf("%s: %d revisions read once, %d read twice", p.Title, len(p.Revisions), len(twice.Pages[i].Revisions))
		}
	}
}

func TestConflictingTexts(t *testing.T) {
	fsys := fstest.MapFS{
		"a.txt": {Data: []byte("H\n\nGamehelpx\n\n2024-01-01T00:00:00Z\n\nA: one\n\nfirst text")},
		"b.txt": {Data: []byte("H\n\nGamehelpx\n\n2024-01-01T00:00:00Z\n\nB: two\n\nsecond text\n\nGamehelpx\n\n2023-01-01T00:00:00Z\n\nB: older\n\nold")},
	}
	c, err := LoadFS(fsys, ".", Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := c.Page("Gamehelpx")
	if len(p.Revisions) != 3 {
		t.Fatalf("%d revisions, want 3 (both conflicting texts kept)", len(p.Revisions))
	}
	if p.Revisions[0].Text != "old" || p.Revisions[1].Text != "first text" || p.Revisions[2].Text != "second text" {
		t.Errorf("order: %q %q %q", p.Revisions[0].Text, p.Revisions[1].Text, p.Revisions[2].Text)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0].Error(), "b.txt:3: warning: Gamehelpx has two different texts at 2024-01-01T00:00:00Z (the other is at a.txt:3)") {
		t.Errorf("warnings: %v", c.Warnings)
	}
}

func TestWikiDirectory(t *testing.T) {
	dir := t.TempDir()
	mtime := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, mtime, mtime)
	}
	write("Gamehelp_dice.wiki", "== Rules ==")
	write("Template/Die.wiki", "[{{{1}}}]")
	write("File%3ABoard.png.wiki", "A board")
	c, err := Load([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, p := range c.Pages {
		titles = append(titles, p.Title+"/"+p.Kind.String())
	}
	if got := strings.Join(titles, " "); got != "File:Board.png/file Gamehelp dice/rules Template:Die/template" {
		t.Errorf("titles: %s", got)
	}
	r := c.Page("Gamehelp dice").Latest()
	if !r.Timestamp.Equal(mtime) || r.Text != "== Rules ==" || r.Source.File != filepath.ToSlash(filepath.Join(dir, "Gamehelp_dice.wiki")) {
		t.Errorf("revision: %+v", r)
	}
	if got := TitleFromFileName(FileNameForTitle("File:A/b_c d.png")); got != "File:A/b c d.png" {
		t.Errorf("file name round trip: %q", got)
	}
}

func TestInputErrors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("just some notes\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "good.txt"), []byte("H\n\nGamehelpx\n\n2024-01-01T00:00:00Z\n\nA:\n\nx"), 0o644)
	_, err := Load([]string{dir}, Options{})
	if err == nil || !strings.Contains(err.Error(), "notes.txt:1: error: unknown input format") {
		t.Errorf("error %v", err)
	}
	c, err := Load([]string{dir, filepath.Join(dir, "missing.xml"), filepath.Join(dir, "*.nothing")}, Options{KeepGoing: true})
	list, ok := err.(model.MsgList)
	if !ok || len(list) != 3 {
		t.Fatalf("want 3 errors, got %v", err)
	}
	if c == nil || c.Page("Gamehelpx") == nil {
		t.Error("the good input was not loaded under KeepGoing")
	}
	if !strings.Contains(list[1].Error(), "missing.xml: error: cannot read input") || !strings.Contains(list[2].Error(), "pattern matches no files") {
		t.Errorf("errors: %v", list)
	}
}

// TestEmptyDirectory: a directory named as an input that holds no input
// file is an error naming it (a wrong path must not read as an empty wiki
// that every check passes on); under KeepGoing the other inputs are read.
func TestEmptyDirectory(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	os.MkdirAll(filepath.Join(empty, ".hidden"), 0o755)
	os.WriteFile(filepath.Join(empty, ".hidden", "a.txt"), []byte("H\n\nGamehelpx\n\n2024-01-01T00:00:00Z\n\nA:\n\nx"), 0o644)
	os.WriteFile(filepath.Join(empty, "README.md"), []byte("notes"), 0o644)
	_, err := Load([]string{empty}, Options{})
	if err == nil || !strings.Contains(err.Error(), empty+": error: no input files in this directory") {
		t.Errorf("error %v", err)
	}
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("H\n\nGamehelpx\n\n2024-01-01T00:00:00Z\n\nA:\n\nx"), 0o644)
	c, err := Load([]string{empty, good}, Options{KeepGoing: true})
	if list, ok := err.(model.MsgList); !ok || len(list) != 1 {
		t.Errorf("want 1 error, got %v", err)
	}
	if c == nil || c.Page("Gamehelpx") == nil {
		t.Error("the good input was not loaded under KeepGoing")
	}
	// The embedded corpus's directory is not the user's: LoadFS of an
	// empty tree is an empty corpus.
	if _, err := LoadFS(os.DirFS(empty), ".", Options{}); err != nil {
		t.Errorf("LoadFS: %v", err)
	}
}

func TestStdin(t *testing.T) {
	c, err := Load([]string{"-"}, Options{Stdin: strings.NewReader("H\n\nGamehelpx\n\n2024-01-01T00:00:00Z\n\nA:\n\nx")})
	if err != nil {
		t.Fatal(err)
	}
	if p := c.Page("Gamehelpx"); p == nil || p.Revisions[0].Source.File != "<stdin>" {
		t.Errorf("stdin page: %+v", p)
	}
}

func BenchmarkLoadSeeds(b *testing.B) {
	dir := shared.Path(b, "seeds")
	var size int64
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	for _, f := range files {
		st, _ := os.Stat(f)
		size += st.Size()
	}
	b.SetBytes(size)
	for b.Loop() {
		if _, err := Load([]string{dir}, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
