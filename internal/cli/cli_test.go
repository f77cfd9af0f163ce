package cli

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/internal/shared"
)

func TestMain(m *testing.M) {
	testscript.Main(cleanup{m}, map[string]func(){
		"wikirules": func() { os.Exit(Main()) },
	})
}

// cleanup removes the MediaWiki copies the pull scripts made once the tests
// are done.
type cleanup struct{ m *testing.M }

func (c cleanup) Run() int {
	defer mwtest.Cleanup()
	return c.m.Run()
}

// TestScripts runs the command-line scenarios in testdata/script. A script
// that needs the seeds beside the checkout starts with "[!shared] skip".
// $SHARED is the shared data directory.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("SHARED", shared.Dir())
			env.Setenv("NO_COLOR", "1")
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "shared":
				return shared.Dir() != "", nil
			}
			return false, nil
		},
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") != "",
	})
}
