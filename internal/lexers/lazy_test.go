package lexers

import (
	"os"
	"testing"
)

// startedBuilt says whether anything was built when the program started.
var startedBuilt bool

func TestMain(m *testing.M) {
	startedBuilt = state.registry != nil || HTML != nil || Go != nil || zoneAnalyserRe != nil
	os.Exit(m.Run())
}

// TestNothingAtStart: the registry, the Go-coded lexers and their tables
// wait for the first Get.
func TestNothingAtStart(t *testing.T) {
	if startedBuilt {
		t.Fatal("lexers were built when the program started")
	}
	if Get("go") == nil || HTML == nil || state.registry == nil {
		t.Fatal("Get did not build the registry")
	}
}
