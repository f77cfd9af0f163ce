package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/internal/shared"
)

func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "wikirules" {
		// This binary started as the command (exec wikirules in a
		// script, or a test's exec.Command).
		os.Exit(Main())
	}
	os.Exit(runTests(m))
}

// runTests puts this binary on $PATH as "wikirules", for the tests that
// start the command as a process, runs the tests, and removes the
// MediaWiki copies the pull scripts made. (testscript.Main would also make
// "wikirules" a script command that starts a process, which would take the
// name from the command run in this process, wikirulesCmd.)
func runTests(m *testing.M) int {
	defer mwtest.Cleanup()
	self, err := os.Executable()
	if err != nil {
		panic(err)
	}
	bin, err := os.MkdirTemp("", "wikirules-test-bin")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(bin)
	if err := os.Symlink(self, filepath.Join(bin, "wikirules")); err != nil {
		panic(err)
	}
	os.Setenv("PATH", bin+string(filepath.ListSeparator)+os.Getenv("PATH"))
	return m.Run()
}

// TestScripts runs the command-line scenarios in testdata/script. A script
// that needs the seeds beside the checkout starts with "[!shared] skip".
// $SHARED is the shared data directory.
//
// "wikirules ARGS…" runs the command in this process (inProcess), "exec
// wikirules ARGS…" as a process of its own: the scripts use exec where they
// give the command a standard input (the stdin command, which only exec
// reads).
func TestScripts(t *testing.T) {
	dir := scriptDir(t, "testdata/script")
	// Found now, from the package's directory: shared.Dir looks up from
	// the working directory, which a script's command running in this
	// process changes while other scripts are set up.
	sharedDir := shared.Dir()
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir: dir,
		Setup: func(env *testscript.Env) error {
			env.Setenv("SHARED", sharedDir)
			env.Setenv("NO_COLOR", "1")
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "shared":
				return sharedDir != "", nil
			}
			return false, nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":     exitsCmd,
			"wikirules": wikirulesCmd,
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
	var got int
	if args[1] == "wikirules" {
		got = inProcess(ts, args[2:])
	} else {
		err = ts.Exec(args[1], args[2:]...)
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee):
			got = ee.ExitCode()
		case err != nil:
			ts.Fatalf("exits: %v", err)
		}
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// wikirulesCmd is the script command "wikirules ARGS…": the command run in
// this process, which must succeed (fail, after "!").
func wikirulesCmd(ts *testscript.TestScript, neg bool, args []string) {
	code := inProcess(ts, args)
	switch {
	case neg && code == 0:
		ts.Fatalf("unexpected success")
	case !neg && code != 0:
		ts.Fatalf("exit status %d", code)
	}
}

// inProcessMu holds the process's working directory while a command runs
// in it: the scripts run in parallel, each in its own directory.
var inProcessMu sync.Mutex

// inProcess runs the command line in this process (Run) in the script's
// directory, with an empty standard input, and returns its exit status;
// its output is the script's stdout and stderr. A process start per
// command was most of the scripts' time: each starts the whole test
// binary, a few tens of milliseconds here, more than most commands take.
// The test binary's own environment stands for the script's (the
// commands read NO_COLOR, GOGC and GOMEMLIMIT; none is set by a script,
// and output to a buffer is never a terminal).
func inProcess(ts *testscript.TestScript, args []string) int {
	inProcessMu.Lock()
	defer inProcessMu.Unlock()
	wd, err := os.Getwd()
	ts.Check(err)
	ts.Check(os.Chdir(ts.MkAbs(".")))
	defer func() { ts.Check(os.Chdir(wd)) }()
	return Run(args, strings.NewReader(""), ts.Stdout(), ts.Stderr())
}

// scriptDir is the absolute path of a directory of scripts: the working
// directory changes while a command runs in this process (inProcess), so
// the scripts are found before.
func scriptDir(t *testing.T, dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}
