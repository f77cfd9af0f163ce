package cli

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const serveFeed = `Test wiki - User contributions [en]

Gamehelpdemo

2024-03-01T00:00:00Z

Ana: first

== Scoring ==
{| class="wikitable"
! Card !! Points
|-
| Ace || 11
|}
`

// TestServeRebuildsAndReloads runs the preview server on a loopback port,
// edits the input and waits for the reload event and the new page.
func TestServeRebuildsAndReloads(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "wiki.txt")
	if err := os.WriteFile(in, []byte(serveFeed), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	a := &app{stdout: &out, stderr: &out, stdin: strings.NewReader("")}
	sf := &siteFlags{quiet: true}
	p, cleanup, err := a.newPreview([]string{in}, sf)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Serve(ctx, ln) }()
	defer func() {
		cancel()
		<-done
	}()
	base := "http://" + ln.Addr().String()

	get := func(p string) (int, string) {
		t.Helper()
		resp, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, body := get("/games/demo/")
	if code != 200 || !strings.Contains(body, "Ace") || !strings.Contains(body, "/_wikirules/reload.js") {
		t.Fatalf("game page: %d\n%s", code, body)
	}
	if code, _ := get("/no/such/page/"); code != 404 {
		t.Errorf("missing page: status %d", code)
	}
	if code, _ := get("/.wikirules/manifest.bin"); code != 404 {
		t.Errorf("manifest served: status %d", code)
	}

	// Listen for reloads, then edit the page.
	resp, err := http.Get(base + "/_wikirules/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 4)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- v
			}
		}
	}()
	first := <-events
	edit := serveFeed + "\nGamehelpdemo\n\n2024-03-02T00:00:00Z\n\nBo: the ace is worth more\n\n== Scoring ==\n{| class=\"wikitable\"\n! Card !! Points\n|-\n| Ace || 15\n|}\n"
	if err := os.WriteFile(in, []byte(edit), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case v := <-events:
		if v == first {
			t.Fatalf("reload event with the same version %s", v)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("no reload event after the edit; output:\n%s", out.String())
	}
	_, body = get("/games/demo/history/")
	if !strings.Contains(body, "the ace is worth more") {
		t.Errorf("history does not show the new revision:\n%s", body)
	}
}
