package mwapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Options configure a Client. The zero value is usable: defaults are
// filled in by New.
type Options struct {
	// UserAgent identifies the client to the wiki's operators. Default:
	// "wikirules/VERSION (+https://github.com/wikirules/wikirules)".
	UserAgent string
	// Contact (an e-mail address or a URL) is added to the User-Agent, so
	// that the wiki's operators can reach whoever runs the client.
	Contact string
	// MaxLag is sent as maxlag (seconds): the wiki refuses requests while
	// its replicas lag more than this, and the client waits. Default 5;
	// negative: not sent.
	MaxLag int
	// Rate is the most requests per second (0: no limit). Requests are
	// never concurrent.
	Rate float64
	// Retries is how many times a failed request is tried again
	// (default 5; negative: never).
	Retries int
	// Backoff is the wait before the first retry, doubled for each next
	// one up to MaxBackoff (defaults 1s and 60s). A Retry-After header
	// from the server is honoured, up to MaxBackoff.
	Backoff, MaxBackoff time.Duration
	// HTTP is the HTTP client (default: one with a 2-minute timeout).
	HTTP *http.Client
}

// Stats count what a client did.
type Stats struct {
	Requests int   // HTTP requests sent, retries included
	Retries  int   // requests that were retries
	Bytes    int64 // response bytes (after decompression)
}

// Client talks to one wiki's api.php. Its methods may be called from
// several goroutines; requests are still sent one at a time.
type Client struct {
	api  *url.URL
	opts Options

	mu       sync.Mutex // held for a whole request, so requests never overlap
	last     time.Time  // when the last request started (for Rate)
	stats    Stats
	wmu      sync.Mutex
	warnings []string // distinct API warnings, in order
	warned   map[string]bool
}

// Version is this program's version for the default User-Agent.
func Version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// New returns a client for the api.php at apiURL.
func New(apiURL string, opts Options) (*Client, error) {
	u, err := url.Parse(apiURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("API URL %q: expected an http(s) URL of the wiki's api.php, like https://wiki.example.org/w/api.php", apiURL)
	}
	u.Fragment = ""
	if opts.UserAgent == "" {
		opts.UserAgent = "wikirules/" + Version() + " (+https://github.com/wikirules/wikirules"
		if opts.Contact != "" {
			opts.UserAgent += "; " + opts.Contact
		}
		opts.UserAgent += ")"
	}
	if opts.MaxLag == 0 {
		opts.MaxLag = 5
	}
	if opts.Retries == 0 {
		opts.Retries = 5
	}
	if opts.Backoff <= 0 {
		opts.Backoff = time.Second
	}
	if opts.MaxBackoff <= 0 {
		opts.MaxBackoff = time.Minute
	}
	if opts.HTTP == nil {
		opts.HTTP = &http.Client{Timeout: 2 * time.Minute}
	}
	return &Client{api: u, opts: opts}, nil
}

// API returns the api.php URL.
func (c *Client) API() string { return c.api.String() }

// Stats returns what the client did so far.
func (c *Client) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// Warnings returns the distinct warnings the API sent ("module: text").
func (c *Client) Warnings() []string {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return append([]string(nil), c.warnings...)
}

// noteWarnings records a response's warnings: {"module": {"warnings":
// "text"}} in formatversion=2.
func (c *Client) noteWarnings(ws map[string]json.RawMessage) {
	if len(ws) == 0 {
		return
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.warned == nil {
		c.warned = map[string]bool{}
	}
	modules := make([]string, 0, len(ws))
	for m := range ws {
		modules = append(modules, m)
	}
	sort.Strings(modules)
	for _, module := range modules {
		raw := ws[module]
		var w struct {
			Warnings string `json:"warnings"`
		}
		text := string(raw)
		if json.Unmarshal(raw, &w) == nil && w.Warnings != "" {
			text = w.Warnings
		}
		key := module + ": " + text
		if !c.warned[key] {
			c.warned[key] = true
			c.warnings = append(c.warnings, key)
		}
	}
}

// APIError is an error the API returned (a JSON "error" object).
type APIError struct {
	URL  string
	Code string
	Info string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: the wiki answered with error %q: %s", e.URL, e.Code, e.Info)
}

// HTTPError is a response that is not 200 OK.
type HTTPError struct {
	URL    string
	Status string
	Body   string // the start of the body
}

func (e *HTTPError) Error() string {
	s := fmt.Sprintf("%s: HTTP %s, expected 200 OK", e.URL, e.Status)
	if e.Body != "" {
		s += ": " + e.Body
	}
	return s
}

// retryable API error codes: the wiki is busy, not the request wrong.
var retryCodes = map[string]bool{"maxlag": true, "ratelimited": true, "readonly": true}

// Response is the envelope of every API response (formatversion=2).
type Response struct {
	BatchComplete bool                       `json:"batchcomplete"`
	Continue      map[string]json.RawMessage `json:"continue"`
	Error         *struct {
		Code string `json:"code"`
		Info string `json:"info"`
	} `json:"error"`
	Warnings map[string]json.RawMessage `json:"warnings"`
	Query    json.RawMessage            `json:"query"`
}

// Get sends one request with params (format=json, formatversion=2 and
// maxlag are added) and decodes the response's "query" object into query
// (when not nil). It returns the envelope, with its continuation.
func (c *Client) Get(ctx context.Context, params url.Values, query any) (*Response, error) {
	u := *c.api
	q := u.Query()
	for k, vs := range params {
		q[k] = vs
	}
	q.Set("format", "json")
	q.Set("formatversion", "2")
	if c.opts.MaxLag >= 0 {
		q.Set("maxlag", strconv.Itoa(c.opts.MaxLag))
	}
	u.RawQuery = q.Encode()
	body, err := c.fetch(ctx, u.String(), "application/json")
	if err != nil {
		return nil, err
	}
	var r Response
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("%s: expected a JSON response from the MediaWiki API, got %s (is this the wiki's api.php?)", u.String(), snippet(body))
	}
	if r.Error != nil {
		return nil, &APIError{URL: u.String(), Code: r.Error.Code, Info: r.Error.Info}
	}
	c.noteWarnings(r.Warnings)
	if query != nil && len(r.Query) > 0 {
		if err := json.Unmarshal(r.Query, query); err != nil {
			return nil, fmt.Errorf("%s: the response's \"query\" is not what a MediaWiki API sends: %v", u.String(), err)
		}
	}
	return &r, nil
}

// Download fetches a file (an upload's URL, relative URLs resolved against
// the API's), with the same manners and retries as API requests.
func (c *Client) Download(ctx context.Context, fileURL string) ([]byte, error) {
	u, err := c.api.Parse(fileURL)
	if err != nil {
		return nil, fmt.Errorf("file URL %q: %w", fileURL, err)
	}
	return c.fetch(ctx, u.String(), "")
}

// Query runs a query and follows its continuation: fn is called with each
// response's "query" object, decoded into a new value made by newQuery.
func (c *Client) Query(ctx context.Context, params url.Values, newQuery func() any, fn func(query any) error) error {
	p := url.Values{}
	for k, vs := range params {
		p[k] = vs
	}
	p.Set("action", "query")
	seen := map[string]bool{}
	for {
		q := newQuery()
		r, err := c.Get(ctx, p, q)
		if err != nil {
			return err
		}
		if err := fn(q); err != nil {
			return err
		}
		if len(r.Continue) == 0 {
			return nil
		}
		key := ""
		for k, raw := range r.Continue {
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				s = string(raw) // a number
			}
			p.Set(k, s)
			key += k + "=" + s + "&"
		}
		// A wiki that sends the same continuation twice would make this
		// loop for ever.
		if seen[key] {
			return fmt.Errorf("%s: the wiki sent the same continuation twice (%s); giving up", c.api, key)
		}
		seen[key] = true
	}
}

// fetch GETs url, retrying what is worth retrying, and returns the body.
func (c *Client) fetch(ctx context.Context, u, accept string) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var lastErr error
	for attempt := 0; ; attempt++ {
		if err := c.pace(ctx); err != nil {
			return nil, err
		}
		if attempt > 0 {
			c.stats.Retries++
		}
		c.stats.Requests++
		body, retryAfter, err := c.once(ctx, u, accept)
		if err == nil {
			c.stats.Bytes += int64(len(body))
			return body, nil
		}
		var re *retryError
		if !errors.As(err, &re) {
			return nil, err
		}
		lastErr = re.err
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if attempt >= c.opts.Retries {
			if c.opts.Retries > 0 {
				return nil, fmt.Errorf("%w (gave up after %d attempts)", lastErr, attempt+1)
			}
			return nil, lastErr
		}
		wait := c.opts.Backoff << attempt
		if wait <= 0 || wait > c.opts.MaxBackoff {
			wait = c.opts.MaxBackoff
		}
		if retryAfter > wait {
			wait = min(retryAfter, c.opts.MaxBackoff)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// pace waits until the next request may start under Rate.
func (c *Client) pace(ctx context.Context) error {
	if c.opts.Rate > 0 && !c.last.IsZero() {
		next := c.last.Add(time.Duration(float64(time.Second) / c.opts.Rate))
		if d := time.Until(next); d > 0 {
			t := time.NewTimer(d)
			select {
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-t.C:
			}
		}
	}
	c.last = time.Now()
	return nil
}

// retryError marks a failure worth another try.
type retryError struct{ err error }

func (e *retryError) Error() string { return e.err.Error() }
func (e *retryError) Unwrap() error { return e.err }

// once sends one request.
func (c *Client) once(ctx context.Context, u, accept string) ([]byte, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("User-Agent", c.opts.UserAgent)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := c.opts.HTTP.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		return nil, 0, &retryError{fmt.Errorf("GET %s: %w", u, unwrapURLError(err))}
	}
	defer resp.Body.Close()
	retryAfter := parseRetryAfter(resp.Header.Get("Retry-After"))
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		return nil, 0, &retryError{fmt.Errorf("GET %s: reading the response: %w", u, err)}
	}
	switch {
	case resp.StatusCode == http.StatusOK:
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return nil, retryAfter, &retryError{&HTTPError{URL: u, Status: resp.Status, Body: snippet(body)}}
	default:
		return nil, 0, &HTTPError{URL: u, Status: resp.Status, Body: snippet(body)}
	}
	// An API error that says "come back later" arrives as 200 OK with an
	// error code (and a MediaWiki-API-Error header, which a proxy may
	// drop; the error object comes first in the JSON).
	if retryCodes[resp.Header.Get("MediaWiki-API-Error")] || bytes.HasPrefix(body, []byte(`{"error":`)) {
		var r Response
		if json.Unmarshal(body, &r) == nil && r.Error != nil && retryCodes[r.Error.Code] {
			return nil, retryAfter, &retryError{&APIError{URL: u, Code: r.Error.Code, Info: r.Error.Info}}
		}
	}
	return body, 0, nil
}

func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return ne
	}
	return err
}

// parseRetryAfter reads a Retry-After header: seconds or an HTTP date.
func parseRetryAfter(s string) time.Duration {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(s); err == nil {
		return max(time.Until(t), 0)
	}
	return 0
}

// snippet shows the start of a body in an error message.
func snippet(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "an empty body"
	}
	const n = 120
	s := string(b)
	if len(s) > n {
		s = s[:n] + "…"
	}
	return strconv.Quote(s)
}
