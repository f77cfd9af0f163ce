package site

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Preview serves a site for a local preview and rebuilds it when the files
// it was built from change; open browsers reload after each rebuild.
type Preview struct {
	// Dir is the site directory served.
	Dir string
	// Watch are the files and directories (walked) the site is built from.
	Watch []string
	// Build rebuilds the site into Dir; NewPreview runs it once.
	Build func() error
	// Log receives watch and rebuild errors.
	Log io.Writer

	mu      sync.Mutex
	version int // bumped by each successful rebuild
	clients map[chan int]bool
}

// NewPreview builds the site once and returns the preview.
func NewPreview(dir string, watch []string, build func() error, log io.Writer) (*Preview, error) {
	s := &Preview{Dir: dir, Watch: watch, Build: build, Log: log, clients: map[chan int]bool{}}
	if err := s.rebuild(); err != nil {
		return nil, err
	}
	return s, nil
}

// rebuild builds the site again and tells the browsers to reload.
func (s *Preview) rebuild() error {
	if err := s.Build(); err != nil {
		return err
	}
	s.mu.Lock()
	s.version++
	v := s.version
	for ch := range s.clients {
		select {
		case ch <- v:
		default:
		}
	}
	s.mu.Unlock()
	return nil
}

// watchDirs lists the directories to watch for paths: a file's directory,
// a glob's, and every directory below a directory.
func watchDirs(paths []string) []string {
	var dirs []string
	add := func(p string) {
		if p == "" || p == "-" {
			return
		}
		st, err := os.Stat(p)
		if err != nil {
			// A glob: watch the directory it names.
			p = filepath.Dir(p)
			if st, err = os.Stat(p); err != nil {
				return
			}
		}
		if !st.IsDir() {
			dirs = append(dirs, filepath.Dir(p))
			return
		}
		filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				dirs = append(dirs, q)
			}
			return nil
		})
	}
	for _, p := range paths {
		add(p)
	}
	return dirs
}

// Serve watches the inputs and serves the site on ln until ctx is done.
func (s *Preview) Serve(ctx context.Context, ln net.Listener) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	for _, d := range watchDirs(s.Watch) {
		if err := w.Add(d); err != nil {
			return fmt.Errorf("watching %s: %w", d, err)
		}
	}
	go s.watch(ctx, w)

	h := s.handler()
	if isLoopback(ln.Addr()) {
		h = checkHost(h)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// watch rebuilds after changes, once the burst of events is over.
func (s *Preview) watch(ctx context.Context, w *fsnotify.Watcher) {
	var timer <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			if strings.HasPrefix(filepath.Base(ev.Name), ".") {
				continue // editors' temporary files, our own temporaries
			}
			if ev.Has(fsnotify.Create) {
				if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
					w.Add(ev.Name)
				}
			}
			timer = time.After(150 * time.Millisecond)
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			fmt.Fprintln(s.Log, "wikirules: watching:", err)
		case <-timer:
			timer = nil
			if err := s.rebuild(); err != nil {
				fmt.Fprintln(s.Log, "wikirules: rebuild failed (the previous site is still served):", err)
			}
		}
	}
}

// reloadJS is added to every HTML page served: it reloads the page when
// the site is rebuilt.
const reloadJS = `(function(){var v=null;var es=new EventSource("/_wikirules/events");es.onmessage=function(e){if(v!==null&&e.data!==v){location.reload()}v=e.data}})();`

func (s *Preview) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/_wikirules/reload.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Write([]byte(reloadJS))
	})
	mux.HandleFunc("/_wikirules/events", func(w http.ResponseWriter, r *http.Request) {
		fl, ok := w.(http.Flusher)
		if !ok {
			http.Error(w, "streaming unsupported", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		ch := make(chan int, 1)
		s.mu.Lock()
		s.clients[ch] = true
		v := s.version
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			delete(s.clients, ch)
			s.mu.Unlock()
		}()
		fmt.Fprintf(w, "data: %d\n\n", v)
		fl.Flush()
		for {
			select {
			case <-r.Context().Done():
				return
			case v := <-ch:
				fmt.Fprintf(w, "data: %d\n\n", v)
				fl.Flush()
			}
		}
	})
	mux.HandleFunc("/", s.serveFile)
	return mux
}

// isLoopback reports whether the server listens on a loopback address
// only.
func isLoopback(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// checkHost answers only requests for a loopback name: a server on
// 127.0.0.1 is reachable from any web page the reader opens, through a
// DNS name of the attacker's that resolves to 127.0.0.1 (DNS rebinding);
// the Host header is what tells them apart.
func checkHost(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			w.Header().Set("X-Content-Type-Options", "nosniff")
			http.Error(w, "wikirules serve answers requests for localhost and loopback addresses only (Host "+strconvQuote(r.Host)+")", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a Host header names this machine:
// localhost (or a name under .localhost) or a loopback IP.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSuffix(host, "]"), "["), ".")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func strconvQuote(s string) string {
	if len(s) > 100 {
		s = s[:100]
	}
	return fmt.Sprintf("%q", s)
}

// serveFile serves the site, with the reload script in HTML pages and
// 404.html for what is not there. Files are opened through an os.Root of
// the site: a symbolic link out of it is never followed. Every response
// says nosniff; pages carry the site's Content-Security-Policy, and every
// other file a sandbox (MediaContentSecurityPolicy), so an uploaded SVG or
// XML file opened directly runs no script.
func (s *Preview) serveFile(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	p := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		p = path.Join(p, "index.html")
	}
	root, err := os.OpenRoot(s.Dir)
	if err != nil {
		http.Error(w, "the site is being rebuilt", http.StatusServiceUnavailable)
		return
	}
	defer root.Close()
	name := strings.TrimPrefix(p, "/")
	if name == "" {
		name = "."
	}
	status := http.StatusOK
	st, err := root.Stat(name)
	if err == nil && st.IsDir() {
		http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
		return
	}
	if err != nil || !st.Mode().IsRegular() || strings.HasPrefix(path.Base(p), ".") || strings.Contains(p, "/.") {
		name, status = "404.html", http.StatusNotFound
	}
	data, err := root.ReadFile(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	// Pages are the site's own HTML; an uploaded .html file (media/,
	// published only under MediaAllow) is not one.
	if strings.HasSuffix(name, ".html") && !strings.HasPrefix(name, "media/") {
		data = bytes.Replace(data, []byte("</body>"), []byte(`<script src="/_wikirules/reload.js"></script></body>`), 1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", ContentSecurityPolicy+"; frame-ancestors 'self'")
	} else {
		ct := contentType(name)
		if ct == "" && strings.HasSuffix(name, ".html") {
			ct = "text/html; charset=utf-8"
		}
		if ct == "" {
			ct = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ct)
		if !safeMedia.allows(name) {
			// Anything a browser could render as a document with
			// script (SVG, XML, unknown types); images, audio, video
			// and PDF cannot, and a sandbox would block the PDF viewer.
			w.Header().Set("Content-Security-Policy", MediaContentSecurityPolicy)
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(data)
}

func contentType(p string) string {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".css":
		return "text/css; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".xml":
		return "application/xml; charset=utf-8"
	case ".json":
		return "application/json"
	case ".yaml":
		return "application/yaml; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".png":
		return "image/png"
	case ".jpg", ".jpeg":
		return "image/jpeg"
	case ".gif":
		return "image/gif"
	case ".webp":
		return "image/webp"
	}
	return ""
}
