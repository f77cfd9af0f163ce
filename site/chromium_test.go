package site_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The browser tests share one Chromium (started on first use, stopped by
// TestMain) and open tabs in it: starting a browser costs seconds.

// chromium finds a Chromium to drive. Without one the browser tests skip,
// unless WIKIRULES_REQUIRE_BROWSER is set (CI sets it: .ci/run installs
// Debian's chromium).
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("WIKIRULES_REQUIRE_BROWSER") != "" {
		t.Fatal("no chromium on PATH, and WIKIRULES_REQUIRE_BROWSER is set")
	}
	t.Skip("no chromium on PATH: the browser test needs Debian's chromium package (apt-get install chromium)")
	return ""
}

var chrome struct {
	once   sync.Once
	ctx    context.Context
	cancel func()
	err    error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if chrome.cancel != nil {
		chrome.cancel()
	}
	os.Exit(code)
}

// browser returns the context of the shared browser, starting it.
func browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	exe := chromium(t)
	chrome.once.Do(func() {
		dir, err := os.MkdirTemp("", "wikirules-chromium-")
		if err != nil {
			chrome.err = err
			return
		}
		actx, acancel := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
			chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-extensions", true), chromedp.Flag("mute-audio", true),
			// Tabs opened beside the first are background tabs: without
			// these, Chromium throttles their timers and rendering.
			chromedp.Flag("disable-background-timer-throttling", true),
			chromedp.Flag("disable-backgrounding-occluded-windows", true),
			chromedp.Flag("disable-renderer-backgrounding", true),
			// What Chromium 156 does by default and the tests do not need,
			// at a cost on a small machine (measured here): a WebUI omnibox
			// popup kept loaded in a renderer of its own, even headless,
			// keeps about half a core busy while the browser runs; a new
			// document per navigation and the back-forward cache make a
			// navigation cost about 30% more CPU.
			chromedp.Flag("disable-features", "WebUIOmniboxPopup,RenderDocument,BackForwardCache"),
			chromedp.UserDataDir(dir), chromedp.WindowSize(1280, 900))
		bctx, bcancel := chromedp.NewContext(actx)
		chrome.ctx = bctx
		chrome.cancel = func() { bcancel(); acancel(); os.RemoveAll(dir) }
		// Start it (the first tab stays open, blank).
		chrome.err = chromedp.Do(bctx, chromedp.Navigate("about:blank"))
	})
	if chrome.err != nil {
		t.Fatalf("starting chromium: %v", chrome.err)
	}
	return chrome.ctx
}

// tabOptions say how a tab shows pages.
type tabOptions struct {
	width, height int64
	mobile, dark  bool
}

var desktop = tabOptions{width: 1280, height: 900}
var phone = tabOptions{width: 390, height: 844, mobile: true}

// console collects the errors of the pages a test opens: console errors,
// uncaught exceptions and failed loads fail the test.
type console struct {
	mu     sync.Mutex
	errors []string
}

func (c *console) add(s string) {
	c.mu.Lock()
	c.errors = append(c.errors, s)
	c.mu.Unlock()
}

func (c *console) report(t *testing.T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.errors {
		t.Errorf("%s", e)
	}
}

// tab opens a tab of the shared browser for the length of the test.
func tab(t *testing.T, o tabOptions, cons *console) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser(t))
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancel2)
	var opts []chromedp.EmulateViewportOption
	if o.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait, chromedp.EmulateScale(1))
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(o.width, o.height, opts...)); err != nil {
		t.Fatalf("new tab: %v", err)
	}
	scheme := "light"
	if o.dark {
		scheme = "dark"
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
		t.Fatalf("color scheme: %v", err)
	}
	if cons != nil {
		messages := chromedp.Console(ctx)
		go func() {
			for m, err := range messages {
				if err != nil {
					return
				}
				if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
					cons.add(fmt.Sprintf("%s:%d: %s", m.URL, m.Line+1, m.Text))
				}
			}
		}()
	}
	return ctx
}

// eval evaluates a JavaScript expression in a tab.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// parallel runs fn on every item with n tabs at once.
func parallel[T any](t *testing.T, n int, o tabOptions, cons *console, items []T, fn func(ctx context.Context, item T) error) {
	t.Helper()
	next := make(chan T)
	var wg sync.WaitGroup
	for range min(n, len(items)) {
		ctx := tab(t, o, cons)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range next {
				if err := fn(ctx, it); err != nil {
					t.Errorf("%v", err)
				}
			}
		}()
	}
	for _, it := range items {
		next <- it
	}
	close(next)
	wg.Wait()
}
