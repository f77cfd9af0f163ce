package testutil

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// recorder is a testing.TB that records failures instead of failing, so
// the helpers can be shown to fail when they should.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Fatal(args ...any) {
	r.errs = append(r.errs, fmt.Sprint(args...))
	runtime.Goexit()
}

// run calls f with a recorder and returns what it recorded.
func run(t *testing.T, f func(tb testing.TB)) []string {
	t.Helper()
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r.errs
}

func withUpdate(t *testing.T) {
	old := *update
	*update = true
	t.Cleanup(func() { *update = old })
}

func TestGolden(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt")
	if errs := run(t, func(tb testing.TB) { Golden(tb, path, []byte("a\n")) }); len(errs) != 1 || !strings.Contains(errs[0], "-update") {
		t.Errorf("a missing golden file: %q", errs)
	}
	withUpdate(t)
	if errs := run(t, func(tb testing.TB) { Golden(tb, path, []byte("one\ntwo\n")) }); len(errs) != 0 {
		t.Fatalf("-update: %q", errs)
	}
	*update = false
	if errs := run(t, func(tb testing.TB) { Golden(tb, path, []byte("one\ntwo\n")) }); len(errs) != 0 {
		t.Errorf("the same output: %q", errs)
	}
	errs := run(t, func(tb testing.TB) { Golden(tb, path, []byte("one\nthree\n")) })
	if len(errs) != 1 || !strings.Contains(errs[0], "line 2:") || !strings.Contains(errs[0], `want: "two"`) || !strings.Contains(errs[0], `got:  "three"`) {
		t.Errorf("a different output: %q", errs)
	}
}

func TestFirstDiff(t *testing.T) {
	for _, c := range []struct{ want, got, line string }{
		{"a\nb", "a\nc", "line 2:"},
		{"a", "a\n", "line 2:"},
		{"a\nb\n", "a\n", "line 2:"},
		{"x", "y", "line 1:"},
	} {
		if d := FirstDiff(c.want, c.got); !strings.HasPrefix(d, c.line) {
			t.Errorf("FirstDiff(%q, %q) = %q, want %s…", c.want, c.got, d, c.line)
		}
	}
}

const sample = `comment
-- a.in --
x
-- a.out --
X
-- b.in --
y
-- want/site.txt --
built
`

func writeSample(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "case.txtar")
	if err := os.WriteFile(path, []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func files(names ...string) []txtar.File {
	var out []txtar.File
	for i := 0; i+1 < len(names); i += 2 {
		out = append(out, txtar.File{Name: names[i], Data: []byte(names[i+1])})
	}
	return out
}

func TestArchiveCheck(t *testing.T) {
	path := writeSample(t)
	ar := ReadArchive(t, path)
	if got := ar.Text(t, "b.in"); got != "y" {
		t.Errorf("Text(b.in) = %q", got)
	}
	dir := t.TempDir()
	ar.WriteFiles(t, dir, func(n string) bool { return strings.HasSuffix(n, ".in") })
	if data, err := os.ReadFile(filepath.Join(dir, "b.in")); err != nil || string(data) != "y\n" {
		t.Errorf("WriteFiles: %q, %v", data, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "a.out")); err == nil {
		t.Error("WriteFiles wrote a file keep refused")
	}

	for _, c := range []struct {
		name, prefix string
		got          []txtar.File
		all          bool
		want         []string // substrings of the failures, in order
	}{
		{"same", "", files("a.out", "X\n"), true, nil},
		{"inputs are not outputs", "", files("a.out", "X\n"), false, nil},
		{"different", "", files("a.out", "Z\n"), false, []string{"a.out differs"}},
		{"missing from the archive", "", files("a.out", "X\n", "b.out", "Y\n"), true, []string{"has no b.out"}},
		{"extra outputs allowed", "", files("a.out", "X\n", "b.out", "Y\n"), false, nil},
		{"expected but not produced", "want/", files("other.txt", ""), false, []string{"expects want/site.txt"}},
		{"prefixed", "want/", files("site.txt", "built\n"), false, nil},
	} {
		errs := run(t, func(tb testing.TB) { ReadArchive(tb, path).Check(tb, c.prefix, c.got, c.all) })
		if len(errs) != len(c.want) {
			t.Errorf("%s: failures %q, want %d", c.name, errs, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(errs[i], w) {
				t.Errorf("%s: failure %q lacks %q", c.name, errs[i], w)
			}
		}
	}
	if data, _ := os.ReadFile(path); string(data) != sample {
		t.Fatalf("Check without -update changed the archive:\n%s", data)
	}
}

func TestArchiveUpdate(t *testing.T) {
	path := writeSample(t)
	withUpdate(t)
	// A changed output is rewritten in place; new ones go beside their
	// case, in the order produced.
	got := files("a.out", "X2\n", "b.mid", "M\n", "b.out", "Y\n", "c.out", "Z\n")
	if errs := run(t, func(tb testing.TB) { ReadArchive(tb, path).Check(tb, "", got, true) }); len(errs) != 0 {
		t.Fatal(errs)
	}
	ar := ReadArchive(t, path)
	var names []string
	for _, f := range ar.Files {
		names = append(names, f.Name)
	}
	if strings.Join(names, " ") != "a.in a.out b.in b.mid b.out want/site.txt c.out" {
		t.Errorf("files after -update: %v", names)
	}
	if data, _ := ar.File("a.out"); string(data) != "X2\n" {
		t.Errorf("a.out after -update: %q", data)
	}
	if string(ar.Comment) != "comment\n" {
		t.Errorf("comment after -update: %q", ar.Comment)
	}
	// An output that exists before its sibling keeps its place.
	*update = true
	got = files("b.first", "F\n", "b.mid", "M\n")
	if errs := run(t, func(tb testing.TB) { ReadArchive(tb, path).Check(tb, "", got, true) }); len(errs) != 0 {
		t.Fatal(errs)
	}
	names = names[:0]
	for _, f := range ReadArchive(t, path).Files {
		names = append(names, f.Name)
	}
	if strings.Join(names, " ") != "a.in a.out b.in b.first b.mid b.out want/site.txt c.out" {
		t.Errorf("files after the second -update: %v", names)
	}
}
