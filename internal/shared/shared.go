package shared

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// Dir returns the shared data directory: $WIKIRULES_SHARED, or ../shared
// beside the module root. It returns "" when that directory does not
// exist, so WIKIRULES_SHARED=/nonexistent runs the tests as a fresh clone
// without the data would.
func Dir() string {
	if d := os.Getenv("WIKIRULES_SHARED"); d != "" {
		if isDir(d) {
			return d
		}
		return ""
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			if s := filepath.Join(filepath.Dir(d), "shared"); isDir(s) {
				return s
			}
			return ""
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// Has reports whether a path below the shared directory exists.
func Has(elem ...string) bool {
	d := Dir()
	if d == "" {
		return false
	}
	_, err := os.Stat(filepath.Join(append([]string{d}, elem...)...))
	return err == nil
}

// Path returns a path below the shared directory, skipping the test or
// benchmark when it does not exist.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	d := Dir()
	if d == "" {
		tb.Skip("skipped: ../shared (the wiki seeds and conformance cases) is not beside this checkout; set WIKIRULES_SHARED to its path to run this test")
	}
	p := filepath.Join(append([]string{d}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("skipped: %s does not exist", p)
	}
	return p
}

// Seeds returns the contribution-feed seed files, sorted. Tests that want
// them loaded as a corpus use testutil.SeedCorpus.
func Seeds(tb testing.TB) []string {
	tb.Helper()
	dir := Path(tb, "seeds")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		tb.Skipf("skipped: no seed files in %s", dir)
	}
	sort.Strings(files)
	return files
}
