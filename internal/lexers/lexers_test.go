package lexers_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	chromalexers "github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"

	"github.com/wikirules/wikirules/internal/lexers"
)

// TestSameRegistry: the registry holds chroma's lexers, in chroma's order,
// with the same configurations.
func TestSameRegistry(t *testing.T) {
	ours, theirs := lexers.Registry().Lexers, chromalexers.GlobalLexerRegistry.Lexers
	if len(ours) != len(theirs) {
		t.Fatalf("%d lexers, chroma has %d", len(ours), len(theirs))
	}
	for i := range ours {
		if a, b := ours[i].Config(), theirs[i].Config(); !reflect.DeepEqual(a, b) {
			t.Errorf("lexer %d: config %+v, chroma's %+v", i, a, b)
		}
	}
}

// TestSameLookups: every name, alias, file name, extension and MIME type
// finds the lexer chroma's lexers.Get finds (nil for none).
func TestSameLookups(t *testing.T) {
	t.Parallel()
	// Names and aliases are map lookups; anything else makes both
	// registries try every file pattern of every lexer (about a
	// millisecond), so the file names are a sample: every 100th pattern
	// (TestSameRegistry has compared every configuration already).
	keys := []string{"", "nosuchlanguage", "x", "Makefile", "makefile", "CMakeLists.txt", "Dockerfile", ".bashrc", "GO", "Go", "C++", "c#", "html+php", "text", "plaintext", "php", "inc", "pl", "h", "m", "sql", "xml", "svg", "yml", "js", "ts", "sh"}
	n := 0
	for _, l := range chromalexers.GlobalLexerRegistry.Lexers {
		c := l.Config()
		keys = append(keys, c.Name, strings.ToLower(c.Name), strings.ToUpper(c.Name))
		keys = append(keys, c.Aliases...)
		for _, glob := range append(slices.Clone(c.Filenames), c.AliasFilenames...) {
			if n++; n%100 != 0 {
				continue
			}
			name := strings.NewReplacer("*", "x", "?", "y", "[", "", "]", "").Replace(glob)
			keys = append(keys, name, name+".bak", strings.TrimPrefix(filepath.Ext(name), "."))
		}
	}
	for _, k := range keys {
		if a, b := name(lexers.Get(k)), name(chromalexers.Get(k)); a != b {
			t.Errorf("Get(%q) = %s, chroma's = %s", k, a, b)
		}
	}
	for _, l := range chromalexers.GlobalLexerRegistry.Lexers {
		for _, m := range l.Config().MimeTypes {
			if a, b := name(lexers.MatchMimeType(m)), name(chromalexers.MatchMimeType(m)); a != b {
				t.Errorf("MatchMimeType(%q) = %s, chroma's = %s", m, a, b)
			}
		}
	}
}

func name(l chroma.Lexer) string {
	if l == nil {
		return "nil"
	}
	return l.Config().Name
}

// TestSameHighlighting: code highlighted with our lexers is byte for byte
// what chroma's give, for the samples in testdata (languages wiki pages
// use, lexers that delegate to others, the Go-coded lexers) and, when the
// chroma module's source is at hand, for every lexer's test file in it.
func TestSameHighlighting(t *testing.T) {
	t.Parallel()
	samples, err := filepath.Glob("testdata/*")
	if err != nil || len(samples) == 0 {
		t.Fatalf("no samples in testdata: %v", err)
	}
	for _, path := range samples {
		lang := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		compare(t, lang, path)
	}
	if testing.Short() {
		t.Skip("chroma's test files: skipped in -short mode")
	}
	dir := chromaDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "lexers", "testdata", "*.actual"))
	if err != nil || len(files) == 0 {
		t.Skipf("chroma's test files: none in %s (%v)", dir, err)
	}
	// The XML lexers are chroma's files (TestSameFiles): a sample of them
	// is enough. The Go-coded ones, copied and changed, run on all of
	// their test files.
	goCoded := lexers.GoCoded()
	for i, path := range files {
		lang := strings.Split(filepath.Base(path), ".")[0]
		if l := lexers.Get(lang); i%10 == 0 || l != nil && slices.Contains(goCoded, l.Config().Name) {
			compare(t, lang, path)
		}
	}
}

// TestSameFiles: the XML lexers are chroma's files, byte for byte (go
// generate copies them from the module go.mod names).
func TestSameFiles(t *testing.T) {
	dir := chromaDir(t)
	theirs, err := filepath.Glob(filepath.Join(dir, "lexers", "embedded", "*.xml"))
	if err != nil || len(theirs) == 0 {
		t.Fatalf("no XML lexers in %s (%v)", dir, err)
	}
	ours, _ := filepath.Glob(filepath.Join("embedded", "*.xml"))
	if len(ours) != len(theirs) {
		t.Errorf("%d XML lexers, chroma has %d: run go generate ./internal/lexers", len(ours), len(theirs))
	}
	for _, p := range theirs {
		a, errA := os.ReadFile(filepath.Join("embedded", filepath.Base(p)))
		b, errB := os.ReadFile(p)
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("embedded/%s is not chroma's (%v, %v): run go generate ./internal/lexers", filepath.Base(p), errA, errB)
		}
	}
}

// chromaDir is the chroma module's directory, as go.mod names it.
func chromaDir(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/alecthomas/chroma/v2").Output()
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		t.Skipf("chroma's files: no module directory (go list -m: %v)", err)
	}
	return dir
}

// compare highlights the file at path as lang with both registries.
func compare(t *testing.T, lang, path string) {
	t.Helper()
	code, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ours, theirs := lexers.Get(lang), chromalexers.Get(lang)
	if name(ours) != name(theirs) {
		t.Errorf("%s: lexer %s, chroma's %s", path, name(ours), name(theirs))
		return
	}
	if theirs == nil {
		t.Errorf("%s: no lexer for %q", path, lang)
		return
	}
	a, errA := highlight(ours, string(code))
	b, errB := highlight(theirs, string(code))
	if (errA != nil) != (errB != nil) {
		t.Errorf("%s: error %v, chroma's %v", path, errA, errB)
	}
	if a != b {
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		t.Errorf("%s (%s): the HTML differs from chroma's at byte %d: %.80q vs %.80q", path, lang, i, a[i:], b[i:])
	}
}

func highlight(l chroma.Lexer, code string) (string, error) {
	it, err := chroma.Coalesce(l).Tokenise(nil, code)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	err = chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithLineNumbers(true)).Format(&sb, styles.Fallback, it)
	return sb.String(), err
}
