//go:build unix

package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeSignals: serve stopped by SIGINT, SIGTERM or SIGHUP removes
// its temporary site and exits with 128+signal; a temporary site left by
// a serve that was killed outright is removed by the next one.
func TestServeSignals(t *testing.T) {
	if _, err := exec.LookPath("wikirules"); err != nil {
		t.Skip("wikirules is not on PATH (testscript.Main puts it there)")
	}
	dir := t.TempDir()
	feed := filepath.Join(dir, "wiki.txt")
	os.WriteFile(feed, []byte(serveFeed), 0o644)
	tmp := filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o755)
	// A dead process's leftover.
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no true(1):", err)
	}
	stale := filepath.Join(tmp, fmt.Sprintf("wikirules-serve-%d-0123abcd", gone.Process.Pid))
	os.MkdirAll(filepath.Join(stale, "site"), 0o755)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		cmd := exec.Command("wikirules", "serve", feed, "--addr", "127.0.0.1:0", "-q")
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		out, _ := cmd.StdoutPipe()
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		ready := false
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "serving ") {
				ready = true
				break
			}
		}
		if !ready {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("serve did not start: %s", stderr.String())
		}
		if _, err := os.Stat(stale); err == nil {
			t.Error("the stale temporary site of a dead serve is still there")
		}
		ents, _ := os.ReadDir(tmp)
		if len(ents) != 1 {
			t.Fatalf("%d temporary directories while serving", len(ents))
		}
		cmd.Process.Signal(sig)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var err error
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v did not stop serve", sig)
		}
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
			t.Errorf("%v: exit %v", sig, err)
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("%v: left behind %v", sig, ents)
		}
	}
}

// TestOutputPermissions: the site and a .wiki directory get the usual
// permissions (0755 under umask 022), so a web server running as another
// user can read them.
func TestOutputPermissions(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	feed := filepath.Join(dir, "wiki.txt")
	os.WriteFile(feed, []byte(serveFeed), 0o644)
	for _, args := range [][]string{
		{"build", feed, "-o", filepath.Join(dir, "public"), "-q"},
		{"convert", feed, "--to", "wiki", "-o", filepath.Join(dir, "pages")},
	} {
		var out strings.Builder
		if code := Run(args, strings.NewReader(""), &out, &out); code != 0 {
			t.Fatalf("%v: %d\n%s", args, code, out.String())
		}
		fi, err := os.Stat(args[len(args)-1-boolInt(args[0] == "build")])
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o755 {
			t.Errorf("%s: mode %v", args[0], fi.Mode().Perm())
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
