package testutil

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/model"
)

var update = flag.Bool("update", false, "rewrite golden files and the expected parts of txtar archives with the current output")

// Update reports whether the run rewrites expected outputs (-update).
func Update() bool { return *update }

// SeedCorpus loads the wiki seeds of ../shared as a corpus, skipping the
// test or benchmark when they are absent. Each call loads a fresh corpus,
// so a test may change what it gets.
func SeedCorpus(tb testing.TB) *model.Corpus {
	tb.Helper()
	c, err := corpus.Load([]string{shared.Path(tb, "seeds")}, corpus.Options{})
	if err != nil {
		tb.Fatalf("loading the seeds: %v", err)
	}
	return c
}

// SeedTexts returns the text of every revision of the seeds, file by file
// in the order the feeds hold them (benchmarks read the same bytes in the
// same order every time), skipping when the seeds are absent.
func SeedTexts(tb testing.TB) []string {
	tb.Helper()
	var out []string
	for _, p := range shared.Seeds(tb) {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		f, err := feed.Parse(p, data, feed.Options{})
		if err != nil {
			tb.Fatal(err)
		}
		for _, e := range f.Entries {
			out = append(out, e.Rev.Text)
		}
	}
	return out
}

// Golden compares got with the file at path, or writes got there with
// -update. A difference shows the first line that differs.
func Golden(tb testing.TB, path string, got []byte) {
	tb.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		tb.Errorf("the output differs from %s (run with -update after checking the change):\n%s", path, FirstDiff(string(want), string(got)))
	}
}

// FirstDiff shows the first line where two texts differ.
func FirstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g || (i >= len(wl)) != (i >= len(gl)) {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + strconv.Quote(w) + "\n  got:  " + strconv.Quote(g)
		}
	}
	return "(no line differs)"
}

// Archives lists the txtar archives matching a glob pattern, failing the
// test when there are none (a test that runs no case proves nothing).
func Archives(tb testing.TB, pattern string) []string {
	tb.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		tb.Fatalf("no archives match %s", pattern)
	}
	return files
}

// Archive is a test case kept as a txtar archive: input files and expected
// outputs side by side.
type Archive struct {
	Path string
	*txtar.Archive
}

// ReadArchive reads a txtar archive.
func ReadArchive(tb testing.TB, path string) *Archive {
	tb.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return &Archive{Path: path, Archive: ar}
}

// File returns the content of the named file of the archive.
func (a *Archive) File(name string) ([]byte, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Texts returns the contents of the archive's files whose names end with
// suffix (".wiki": a spec archive's inputs), in order.
func (a *Archive) Texts(suffix string) []string {
	var out []string
	for _, f := range a.Files {
		if strings.HasSuffix(f.Name, suffix) {
			out = append(out, string(f.Data))
		}
	}
	return out
}

// Text returns the content of the named file without the newline txtar
// ends every file with, failing the test when there is no such file.
func (a *Archive) Text(tb testing.TB, name string) string {
	tb.Helper()
	data, ok := a.File(name)
	if !ok {
		tb.Fatalf("%s has no file %s", a.Path, name)
	}
	return strings.TrimSuffix(string(data), "\n")
}

// WriteFiles writes the archive's files whose names keep accepts (all of
// them when keep is nil) below dir.
func (a *Archive) WriteFiles(tb testing.TB, dir string, keep func(name string) bool) {
	tb.Helper()
	for _, f := range a.Files {
		if keep != nil && !keep(f.Name) {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// Check compares a case's outputs with the archive's expected files and,
// with -update, rewrites the archive with the outputs instead.
//
// An output NAME is compared with the archive's file prefix+NAME. A
// non-empty prefix ("want/") marks expected files: every file under it
// must have been produced. When all is set, every output must be in the
// archive; -update adds a missing one beside the files of the same base
// name (NAME.tree after NAME.wiki), in the order of got, or at the end.
func (a *Archive) Check(tb testing.TB, prefix string, got []txtar.File, all bool) {
	tb.Helper()
	byName := map[string][]byte{}
	for _, f := range got {
		byName[f.Name] = f.Data
	}
	changed := false
	seen := map[string]bool{}
	for i, f := range a.Files {
		name, ok := strings.CutPrefix(f.Name, prefix)
		if !ok {
			continue
		}
		data, ok := byName[name]
		if !ok && prefix == "" {
			continue // an input
		}
		seen[name] = true
		if !ok {
			tb.Errorf("%s expects %s, which the case did not produce", a.Path, f.Name)
			continue
		}
		if bytes.Equal(data, f.Data) {
			continue
		}
		if *update {
			a.Files[i].Data = data
			changed = true
			continue
		}
		tb.Errorf("%s: %s differs (run with -update after checking the change):\n%s", a.Path, f.Name, FirstDiff(string(f.Data), string(data)))
	}
	if all {
		for _, f := range got {
			if seen[f.Name] {
				continue
			}
			if !*update {
				tb.Errorf("%s has no %s%s (run with -update to add it)", a.Path, prefix, f.Name)
				continue
			}
			a.insert(prefix, got, f)
			changed = true
		}
	}
	if changed {
		if err := os.WriteFile(a.Path, txtar.Format(a.Archive), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// insert adds f (an output of got) after the last file of the same base
// name that does not come after it in got, or at the end.
func (a *Archive) insert(prefix string, got []txtar.File, f txtar.File) {
	order := map[string]int{}
	for i, g := range got {
		order[prefix+g.Name] = i
	}
	f.Name = prefix + f.Name
	base := func(n string) string { return strings.TrimSuffix(n, filepath.Ext(n)) }
	at := len(a.Files)
	for i, g := range a.Files {
		if base(g.Name) != base(f.Name) {
			continue
		}
		if k, isOutput := order[g.Name]; isOutput && k > order[f.Name] {
			at = i
			break
		}
		at = i + 1
	}
	a.Files = append(a.Files, txtar.File{})
	copy(a.Files[at+1:], a.Files[at:])
	a.Files[at] = f
}
