package cli

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
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
	t.Parallel()
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
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits": exitsCmd,
		},
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") != "",
	})
}

// exitsCmd is "exits N command args…": run the command (as exec does,
// keeping its stdout and stderr for the next assertions) and expect exit
// status N, where "! exec" only says it was not 0.
func exitsCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N command [args…]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: %q is not an exit status", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		got = ee.ExitCode()
	case err != nil:
		ts.Fatalf("exits: %v", err)
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}
