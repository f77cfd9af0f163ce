package site_test

import (
	"context"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/wiki"
)

// corpusOf makes a corpus of one revision per page.
func corpusOf(pages map[string]string) *model.Corpus {
	var ps []*model.Page
	conv := model.DefaultConventions()
	for title, text := range pages {
		ns, kind, game := conv.Classify(title, -1)
		ps = append(ps, &model.Page{Title: title, Namespace: ns, Kind: kind, Game: game, Revisions: []*model.Revision{
			{Timestamp: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Author: "X", Text: text, SHA1: model.TextSHA1(text)}}})
	}
	return model.NewCorpus(ps)
}

// hostileMedia writes a media directory: a PNG, files a browser runs
// script in when opened directly (each marks the document it runs in with
// data-pwned), symbolic links out of the directory and to a directory,
// and returns it with the secret file the link points at.
func hostileMedia(t *testing.T) (dir, secret string) {
	root := t.TempDir()
	dir = filepath.Join(root, "media")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	secret = filepath.Join(root, "secret.png")
	os.WriteFile(secret, []byte("the secret"), 0o644)
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99=\x1d\x00\x00\x00\x00IEND\xaeB`\x82")
	mark := `document.documentElement.setAttribute('data-pwned','1')`
	for name, data := range map[string]string{
		"Board.png":     string(png),
		"Evil.svg":      `<svg xmlns="http://www.w3.org/2000/svg"><script>` + mark + `</script></svg>`,
		"Evil.html":     `<!DOCTYPE html><html><body><script>` + mark + `</script></body></html>`,
		"Evil.htm":      `<!DOCTYPE html><html><body><script>` + mark + `</script></body></html>`,
		"Evil.xhtml":    `<html xmlns="http://www.w3.org/1999/xhtml"><body><script>` + mark + `</script></body></html>`,
		"Evil.xml":      `<x:script xmlns:x="http://www.w3.org/1999/xhtml">` + mark + `</x:script>`,
		"Evil":          `<!DOCTYPE html><html><body><script>` + mark + `</script></body></html>`,
		"sub/Inner.gif": "GIF89a",
	} {
		os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(data), 0o644)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "Passwd.png")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Symlink("../secret.png", filepath.Join(dir, "Relative.png"))
	os.Symlink("sub", filepath.Join(dir, "Dirlink.png"))
	os.Symlink("Board.png", filepath.Join(dir, "Alias.png")) // inside: followed
	return dir, secret
}

const uploads = "[[File:Board.png]] [[File:Evil.svg]] [[File:Evil.html]] [[File:Passwd.png]] [[File:Alias.png]]"

// TestMediaPublishesSafeTypesOnly: --media publishes images (and audio,
// video, PDF) only, never follows a symbolic link out of the directory or
// into a directory, and says what it left out; --media-allow opts in.
func TestMediaPublishesSafeTypesOnly(t *testing.T) {
	media, _ := hostileMedia(t)
	c := corpusOf(map[string]string{"Gamehelpboard": uploads})
	var opts site.Options
	if err := opts.LoadDirs(site.Dirs{Media: media}); err != nil {
		t.Fatal(err)
	}
	opts.Version = "test"
	out := filepath.Join(t.TempDir(), "public")
	st := build(t, c, opts, out)
	var got []string
	for p, data := range files(t, out) {
		if strings.HasPrefix(p, "media/") {
			got = append(got, p)
			if strings.Contains(string(data), "the secret") {
				t.Errorf("%s holds the file a symbolic link points at, outside the media directory", p)
			}
		}
	}
	want := map[string]bool{"media/board.png": true, "media/alias.png": true, "media/inner.gif": true}
	if len(got) != len(want) {
		t.Errorf("media published: %v, want %v", got, want)
	}
	for _, p := range got {
		if !want[p] {
			t.Errorf("published %s", p)
		}
	}
	warned := map[string]string{}
	for _, w := range st.Warnings {
		if w.ID == model.MsgMedia {
			warned[w.File] = w.Text
		}
	}
	for _, f := range []string{"Evil.svg", "Evil.html", "Evil.htm", "Evil.xhtml", "Evil.xml", "Evil", "Passwd.png", "Relative.png", "Dirlink.png"} {
		if warned["media/"+f] == "" {
			t.Errorf("no warning for media/%s (warnings: %v)", f, warned)
		}
	}

	// Opt in: every file, but still no symbolic link out.
	opts.MediaAllow = []string{"*"}
	opts.Force = true
	build(t, c, opts, out)
	all := files(t, out)
	for _, p := range []string{"media/evil.svg", "media/evil.html", "media/evil.xml", "media/evil"} {
		if _, ok := all[p]; !ok {
			t.Errorf("--media-allow '*' did not publish %s", p)
		}
	}
	for p, data := range all {
		if strings.Contains(string(data), "the secret") {
			t.Errorf("%s holds the secret", p)
		}
	}
}

// TestContentIDsCannotTakeSiteIDs: ids from wiki content that would begin
// with the site's own prefix are renamed (user-wr-…), headings included,
// and the table of contents and [[#anchor]] links follow them.
func TestContentIDsCannotTakeSiteIDs(t *testing.T) {
	text := `<div id="wr-search-status">mine</div><ol id="wr-search-page-results"><li>x</li></ol><span id="search-status">ok</span>
== wr-main ==
See [[#wr-main|the heading]].
== Other ==
Text.
`
	c := corpusOf(map[string]string{"Hijack": text})
	out := filepath.Join(t.TempDir(), "public")
	build(t, c, site.Options{Version: "test"}, out)
	page := string(files(t, out)["wiki/hijack/index.html"])
	for _, want := range []string{`id="user-wr-search-status"`, `id="user-wr-search-page-results"`, `id="search-status"`, `id="user-wr-main"`, `href="#user-wr-main"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	for _, id := range []string{"wr-search-input", "wr-search-results", "wr-main"} {
		if n := strings.Count(page, `id="`+id+`"`); n != 1 {
			t.Errorf("id %q appears %d times", id, n)
		}
	}
}

// TestLongTitles: titles of MediaWiki's 255 bytes (some growing when
// lower-cased or escaped) get short, unique, stable paths.
func TestLongTitles(t *testing.T) {
	a := strings.Repeat("İ", 127)       // 254 bytes, 381 lower-cased
	b := strings.Repeat("İ", 126) + "x" // differs at the end only
	g := "Gamehelp" + strings.Repeat("z", 247)
	c := corpusOf(map[string]string{a: "A [[" + b + "]]", b: "B", g: "{|\n! Card !! Points\n|-\n| Ace || 1\n|}\n"})
	out := filepath.Join(t.TempDir(), "public")
	build(t, c, site.Options{Version: "test"}, out)
	dirs := map[string]bool{}
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Name()) > model.MaxNameBytes+10 {
			t.Errorf("name of %d bytes: %s", len(d.Name()), d.Name())
		}
		if d.IsDir() && filepath.Base(filepath.Dir(p)) == "wiki" {
			dirs[d.Name()] = true
		}
		return nil
	})
	if len(dirs) != 2 {
		t.Errorf("page directories %v, want two", dirs)
	}
	checkLinks(t, out)
	again := filepath.Join(t.TempDir(), "public")
	build(t, c, site.Options{Version: "test"}, again)
	for d := range dirs {
		if _, err := os.Stat(filepath.Join(again, "wiki", d)); err != nil {
			t.Errorf("not stable: %s", d)
		}
	}
}

// TestServeHeaders: serve answers only requests for loopback names when it
// listens on loopback (DNS rebinding), says nosniff everywhere, sends the
// site's CSP with pages and a sandbox with other files, and does not
// follow a symbolic link out of the site.
func TestServeHeaders(t *testing.T) {
	media, _ := hostileMedia(t)
	c := corpusOf(map[string]string{"Gamehelpboard": uploads})
	var opts site.Options
	if err := opts.LoadDirs(site.Dirs{Media: media}); err != nil {
		t.Fatal(err)
	}
	opts.Version, opts.MediaAllow = "test", []string{"*"}
	root := t.TempDir()
	out := filepath.Join(root, "public")
	os.WriteFile(filepath.Join(root, "outside.txt"), []byte("outside the site"), 0o644)
	p, err := site.NewPreview(out, nil, func() error {
		o := opts
		o.Out = out
		if _, err := site.Build(wiki.New(c, nil, wiki.Config{}), o); err != nil {
			return err
		}
		return os.Symlink("../outside.txt", filepath.Join(out, "escape.txt"))
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	base := servePreview(t, p)
	get := func(path, host string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", base+path, nil)
		if host != "" {
			req.Host = host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	for _, host := range []string{"evil.example", "evil.example:80", "127.0.0.1.evil.example", "localhost.evil.example"} {
		if resp, _ := get("/", host); resp.StatusCode != http.StatusMisdirectedRequest {
			t.Errorf("Host %s: status %d", host, resp.StatusCode)
		}
	}
	for _, host := range []string{"", "localhost", "localhost:8080", "[::1]:8080", "wiki.localhost"} {
		if resp, _ := get("/", host); resp.StatusCode != 200 {
			t.Errorf("Host %q: status %d", host, resp.StatusCode)
		}
	}
	resp, _ := get("/index.html", "")
	if resp.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Errorf("page headers: %v", resp.Header)
	}
	for _, f := range []string{"/media/evil.svg", "/media/evil.html", "/media/evil.xml", "/media/evil"} {
		resp, _ := get(f, "")
		if resp.StatusCode != 200 || resp.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.HasPrefix(resp.Header.Get("Content-Security-Policy"), "sandbox") {
			t.Errorf("%s: %d %v", f, resp.StatusCode, resp.Header)
		}
		if f == "/media/evil" && resp.Header.Get("Content-Type") != "application/octet-stream" {
			t.Errorf("%s served as %s", f, resp.Header.Get("Content-Type"))
		}
	}
	if resp, body := get("/escape.txt", ""); resp.StatusCode != 404 || strings.Contains(body, "outside the site") {
		t.Errorf("a symbolic link out of the site was followed: %d %q", resp.StatusCode, body)
	}
}

// servePreview serves p on a free loopback port until the test ends and
// returns its address ("http://127.0.0.1:PORT").
func servePreview(t *testing.T, p *site.Preview) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return "http://" + ln.Addr().String()
}
