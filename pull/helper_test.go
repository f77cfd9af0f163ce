package pull_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/corpus/mwapi"
	"github.com/wikirules/wikirules/pull"
)

// helperEnv makes the test binary run one pull (helperMain) instead of the
// tests: the subprocess TestPullSurvivesSIGKILL kills.
const helperEnv = "WIKIRULES_PULL_HELPER"

func helperMain() {
	args := strings.SplitN(os.Getenv(helperEnv), "\n", 2)
	opts := pull.Options{API: args[0], Dir: args[1], Selection: &pull.Selection{Namespaces: []string{"0", "File"}},
		Client: mwapi.Options{Rate: 4}}
	if _, err := pull.Pull(context.Background(), opts); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(0)
}

// faults is an http.RoundTripper that lets a test replace or alter the
// n-th request's response (1-based); requests it does not touch go to the
// real wiki.
type faults struct {
	mu   sync.Mutex
	n    int
	fn   func(n int, req *http.Request, real func() (*http.Response, error)) (*http.Response, error)
	base http.RoundTripper // the real wiki; nil: http.DefaultTransport
}

func (f *faults) RoundTrip(req *http.Request) (*http.Response, error) {
	f.mu.Lock()
	f.n++
	n := f.n
	f.mu.Unlock()
	base := f.base
	if base == nil {
		base = http.DefaultTransport
	}
	return f.fn(n, req, func() (*http.Response, error) { return base.RoundTrip(req) })
}

// replay is an http.RoundTripper for a wiki that does not change while a
// test pulls it many times over: the first answer to a request (method,
// URL and body) comes from the real wiki, a repeated request gets that
// answer again. The pulls stay whole (every request goes through the
// client's code), but the wiki runs each distinct request once.
type replay struct {
	mu      sync.Mutex
	answers map[string]*recorded
	real    int // requests that went to the wiki
}

type recorded struct {
	status       int
	header       http.Header
	body         []byte
	uncompressed bool
}

func (r *replay) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	key := req.Method + " " + req.URL.String() + "\n" + req.Header.Get("Accept-Encoding") + "\n" + string(body)
	r.mu.Lock()
	a := r.answers[key]
	r.mu.Unlock()
	if a == nil {
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		a = &recorded{resp.StatusCode, resp.Header, data, resp.Uncompressed}
		if resp.StatusCode == http.StatusOK {
			r.mu.Lock()
			if r.answers == nil {
				r.answers = map[string]*recorded{}
			}
			r.answers[key] = a
			r.real++
			r.mu.Unlock()
		}
	}
	return &http.Response{StatusCode: a.status, Status: fmt.Sprintf("%d %s", a.status, http.StatusText(a.status)),
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: a.header.Clone(), Body: io.NopCloser(bytes.NewReader(a.body)),
		ContentLength: int64(len(a.body)), Uncompressed: a.uncompressed, Request: req}, nil
}

// reference pulls the corpus wiki without interruption.
func reference(t *testing.T, api string) map[string]fileInfo {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ref")
	opts := pull.Options{API: api, Dir: dir, Selection: &pull.Selection{Namespaces: []string{"0", "File"}}}
	if _, err := pull.Pull(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	return snapshot(t, dir)
}

// checkWhole checks that every page file of a store is a whole export.
func checkWhole(t *testing.T, dir string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "pages", "*.xml"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || !bytes.HasSuffix(data, []byte("</mediawiki>\n")) {
			t.Errorf("%s is not a whole export (%d bytes, %v)", f, len(data), err)
		}
	}
	if len(files) == 0 {
		// A store that holds no page yet is not an input: loading it
		// says so rather than reading an empty wiki.
		if _, err := corpus.Load([]string{dir}, corpus.Options{}); err == nil || !strings.Contains(err.Error(), "no input files in this directory") {
			t.Errorf("loading a store without pages: %v", err)
		}
		return
	}
	loadStore(t, dir)
}

// TestPullInterrupted stops a pull at every request in turn (the context
// is cancelled as request k is about to go out), checks the store holds
// whole files only, pulls again, and compares the store with an
// uninterrupted pull's, file by file.
func TestPullInterrupted(t *testing.T) {
	t.Parallel()
	w, _ := corpusWiki(t)
	ref := reference(t, w.API())
	total := 0
	// The wiki does not change: the pulls' repeated requests are answered
	// as the wiki first answered them (a few dozen distinct requests
	// instead of hundreds).
	rep := &replay{}
	defer func() { t.Logf("%d pulls sent %d distinct requests to the wiki", 2*total+1, rep.real) }()
	for k := 1; total == 0 || k <= total; k++ {
		dir := filepath.Join(t.TempDir(), "wiki")
		ctx, cancel := context.WithCancel(t.Context())
		f := &faults{base: rep, fn: func(n int, req *http.Request, real func() (*http.Response, error)) (*http.Response, error) {
			if n == k {
				cancel()
				return nil, context.Canceled
			}
			return real()
		}}
		opts := options(w, dir, f)
		_, err := pull.Pull(ctx, opts)
		cancel()
		if err == nil {
			total = k - 1 // the pull needed fewer requests than k
			break
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped at request %d: %v", k, err)
		}
		checkWhole(t, dir)
		opts.Client.HTTP = &http.Client{Transport: rep, Timeout: time.Minute}
		if _, err := pull.Pull(t.Context(), opts); err != nil {
			t.Fatalf("pull after stopping at request %d: %v", k, err)
		}
		if got := snapshot(t, dir); !equalSnapshots(ref, got, false) {
			t.Errorf("stopped at request %d, then pulled again: the store differs from an uninterrupted pull's:\n%s", k, diffSnapshots(ref, got))
		}
		if k > 100 {
			t.Fatal("the pull never finished")
		}
	}
	if total < 10 {
		t.Errorf("a whole pull took %d requests; expected more", total)
	}
}

// TestPullRetries injects the failures a busy wiki or a bad network
// causes, one per request in turn: HTTP 503 and 429, the wiki's own maxlag
// error (the wiki reports a replication lag of 10 s until it has refused
// one request), a connection reset and a body cut short. Each is retried
// and the store ends as an undisturbed pull's.
func TestPullRetries(t *testing.T) {
	t.Parallel()
	w, _ := corpusWiki(t)
	ref := reference(t, w.API())
	kinds := []string{"503", "429", "maxlag", "reset", "truncated"}
	// The requests not disturbed are answered as the wiki first answered
	// them (see replay); the lagging wiki's answer is always its own.
	rep := &replay{}
	for i, kind := range kinds {
		at := 2 + i*2 // a different request each time
		dir := filepath.Join(t.TempDir(), kind)
		var maxlagSeen bool
		f := &faults{base: rep, fn: func(n int, req *http.Request, real func() (*http.Response, error)) (*http.Response, error) {
			if n != at {
				return real()
			}
			switch kind {
			case "503", "429":
				code := map[string]int{"503": 503, "429": 429}[kind]
				return &http.Response{StatusCode: code, Status: fmt.Sprintf("%d injected", code), Header: http.Header{"Retry-After": {"0"}},
					Body: io.NopCloser(strings.NewReader("busy")), Request: req}, nil
			case "maxlag":
				if err := w.SetLag(10); err != nil {
					return nil, err
				}
				resp, err := http.DefaultTransport.RoundTrip(req)
				if err == nil && resp.Header.Get("MediaWiki-API-Error") == "maxlag" && resp.Header.Get("Retry-After") != "" {
					maxlagSeen = true
				}
				return resp, w.SetLag(0)
			case "reset":
				return nil, &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}
			default:
				resp, err := real()
				if err != nil {
					return nil, err
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				resp.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body[:len(body)/2]), errReader{io.ErrUnexpectedEOF}))
				return resp, nil
			}
		}}
		sum, err := pull.Pull(t.Context(), options(w, dir, f))
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if sum.Retries != 1 {
			t.Errorf("%s: %d retries, want 1", kind, sum.Retries)
		}
		if kind == "maxlag" && !maxlagSeen {
			t.Errorf("the lagging wiki did not refuse the request with its maxlag error and a Retry-After")
		}
		if got := snapshot(t, dir); !equalSnapshots(ref, got, false) {
			t.Errorf("%s: the store differs from an undisturbed pull's:\n%s", kind, diffSnapshots(ref, got))
		}
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// TestPullBadResponses checks that what cannot be retried stops the pull
// with an error naming the URL and what was expected, and leaves whole
// files only.
func TestPullBadResponses(t *testing.T) {
	t.Parallel()
	w, _ := corpusWiki(t)
	cases := []struct {
		name string
		api  string
		fn   func(n int, req *http.Request, real func() (*http.Response, error)) (*http.Response, error)
		want string
	}{
		{"not the API", w.URL + "/opensearch_desc.php", nil, "expected a JSON response from the MediaWiki API"},
		{"index.php", w.URL + "/index.php", nil, "HTTP 404"},
		{"404", w.URL + "/no/api.php", nil, "HTTP 404"},
		{"still busy", w.API(), func(n int, req *http.Request, real func() (*http.Response, error)) (*http.Response, error) {
			return &http.Response{StatusCode: 503, Status: "503 Service Unavailable", Header: http.Header{},
				Body: io.NopCloser(strings.NewReader("down for maintenance")), Request: req}, nil
		}, "gave up after 6 attempts"},
		{"damaged text", w.API(), func(n int, req *http.Request, real func() (*http.Response, error)) (*http.Response, error) {
			resp, err := real()
			if err != nil || !strings.Contains(req.URL.RawQuery, "prop=revisions") {
				return resp, err
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			// Same length, other bytes: only the SHA-1 can tell.
			body = bytes.Replace(body, []byte("points"), []byte("POINTS"), 1)
			resp.Body = io.NopCloser(bytes.NewReader(body))
			return resp, nil
		}, "SHA-1"},
		{"malformed JSON", w.API(), func(n int, req *http.Request, real func() (*http.Response, error)) (*http.Response, error) {
			resp, err := real()
			if err != nil || n < 3 {
				return resp, err
			}
			resp.Body.Close()
			resp.Body = io.NopCloser(strings.NewReader(`{"batchcomplete":true,"query":{"pages":[{"pageid":"x"}]}}`))
			return resp, nil
		}, "not what a MediaWiki API sends"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "wiki")
			var rt http.RoundTripper
			if c.fn != nil {
				rt = &faults{fn: c.fn}
			}
			opts := options(w, dir, rt)
			opts.API = c.api
			_, err := pull.Pull(t.Context(), opts)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "http://127.0.0.1:") {
				t.Errorf("error %q: want it to name the URL and say %q", err, c.want)
			}
			checkWhole(t, dir)
		})
	}
}

// TestPullSurvivesSIGKILL kills a pull running in another process (the
// test binary as helperMain, pulling at 4 requests a second) once it has
// written a few pages, then pulls again: the store ends as an
// uninterrupted pull's.
func TestPullSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	w, _ := corpusWiki(t)
	ref := reference(t, w.API())
	dir := filepath.Join(t.TempDir(), "wiki")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+w.API()+"\n"+dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		files, _ := filepath.Glob(filepath.Join(dir, "pages", "*.xml"))
		if len(files) >= 3 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the pull wrote %d pages in a minute:\n%s", len(files), out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
		t.Fatalf("the pull was not killed (%v); it finished before the test could kill it:\n%s", err, out.String())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "pages", "*.xml"))
	t.Logf("killed after %d of %d page files", len(files), countPages(ref))
	checkWhole(t, dir)
	if _, err := pull.Pull(t.Context(), pull.Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, dir); !equalSnapshots(ref, got, false) {
		t.Errorf("the store differs from an uninterrupted pull's:\n%s", diffSnapshots(ref, got))
	}
}

func countPages(s map[string]fileInfo) int {
	n := 0
	for k := range s {
		if strings.HasPrefix(k, "pages/") {
			n++
		}
	}
	return n
}
