package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/site"
)

func (a *app) serveCommand() *cobra.Command {
	var sf siteFlags
	var addr string
	cmd := &cobra.Command{
		Use:   "serve [INPUT…]",
		Short: "Build the site, serve it, and rebuild when the inputs change",
		Long: `serve builds the site into a temporary directory, serves it on --addr
(loopback by default), and watches the inputs, the templates, the content,
the check specs, the engine constants and the media: when one changes, the
pages that depend on it are rebuilt and open browsers reload.`,
		Example: `  wikirules serve
  wikirules serve ../shared/seeds --templates mytheme --addr 127.0.0.1:9000`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			if host, _, err := net.SplitHostPort(addr); err == nil {
				if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
					fmt.Fprintf(a.stderr, "wikirules: warning: serving on %s, reachable from other machines\n", addr)
				}
			}
			s, err := a.newServer(args, &sf)
			if err != nil {
				ln.Close()
				return err
			}
			defer s.close()
			fmt.Fprintf(a.stdout, "serving %s on http://%s/ (Ctrl-C to stop)\n", s.describe(), ln.Addr())
			return s.run(ctx, ln)
		},
	}
	if cmd.Context() == nil {
		cmd.SetContext(context.Background())
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to serve on")
	sf.register(cmd, false)
	return cmd
}

// server is the preview server: a site in a temporary directory, rebuilt
// when a watched file changes.
type server struct {
	a      *app
	inputs []string
	sf     *siteFlags
	tmp    string
	out    string

	mu      sync.Mutex
	version int // bumped by each successful rebuild
	clients map[chan int]bool
	lastErr error
}

func (a *app) newServer(inputs []string, sf *siteFlags) (*server, error) {
	tmp, err := os.MkdirTemp("", "wikirules-serve-*")
	if err != nil {
		return nil, err
	}
	s := &server{a: a, inputs: inputs, sf: sf, tmp: tmp, out: filepath.Join(tmp, "site"), clients: map[chan int]bool{}}
	if err := s.rebuild(); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	return s, nil
}

func (s *server) close() { os.RemoveAll(s.tmp) }

func (s *server) describe() string {
	if len(s.inputs) == 0 {
		return "the embedded corpus"
	}
	return strings.Join(s.inputs, ", ")
}

// rebuild builds the site again (reusing unchanged pages) and tells the
// browsers to reload.
func (s *server) rebuild() error {
	sf := *s.sf
	sf.out = s.out
	opts, err := sf.options(s.inputs)
	if err != nil {
		return err
	}
	c, err := s.a.load(s.inputs, false)
	if err != nil {
		return err
	}
	st, err := site.Build(c, opts)
	if err != nil {
		return err
	}
	s.a.printBuild(st, &sf, "site")
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

// watched lists the directories to watch: the inputs' (a file's directory),
// and the flags' directories.
func (s *server) watched() []string {
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
	for _, in := range s.inputs {
		add(in)
	}
	for _, d := range []string{s.sf.tf.dir, s.sf.contentDir, s.sf.media, s.sf.cf.checks, s.sf.cf.engine} {
		add(d)
	}
	return dirs
}

func (s *server) run(ctx context.Context, ln net.Listener) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	for _, d := range s.watched() {
		if err := w.Add(d); err != nil {
			return fmt.Errorf("watching %s: %w", d, err)
		}
	}
	go s.watch(ctx, w)

	srv := &http.Server{Handler: s.handler(), ReadHeaderTimeout: 10 * time.Second}
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
func (s *server) watch(ctx context.Context, w *fsnotify.Watcher) {
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
			fmt.Fprintln(s.a.stderr, "wikirules: watching:", err)
		case <-timer:
			timer = nil
			if err := s.rebuild(); err != nil {
				fmt.Fprintln(s.a.stderr, "wikirules: rebuild failed (the previous site is still served):", err)
				s.mu.Lock()
				s.lastErr = err
				s.mu.Unlock()
			}
		}
	}
}

// reloadJS is added to every HTML page served: it reloads the page when
// the site is rebuilt.
const reloadJS = `(function(){var v=null;var es=new EventSource("/_wikirules/events");es.onmessage=function(e){if(v!==null&&e.data!==v){location.reload()}v=e.data}})();`

func (s *server) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/_wikirules/reload.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
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

// serveFile serves the site, with the reload script in HTML pages and
// 404.html for what is not there.
func (s *server) serveFile(w http.ResponseWriter, r *http.Request) {
	p := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		p = path.Join(p, "index.html")
	}
	fp := filepath.Join(s.out, filepath.FromSlash(strings.TrimPrefix(p, "/")))
	if !strings.HasPrefix(fp, s.out+string(filepath.Separator)) {
		http.NotFound(w, r)
		return
	}
	status := http.StatusOK
	st, err := os.Stat(fp)
	if err == nil && st.IsDir() {
		http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
		return
	}
	if err != nil || strings.HasPrefix(path.Base(p), ".") || strings.Contains(p, "/.") {
		fp, status = filepath.Join(s.out, "404.html"), http.StatusNotFound
	}
	data, err := os.ReadFile(fp)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if strings.HasSuffix(fp, ".html") {
		data = bytes.Replace(data, []byte("</body>"), []byte(`<script src="/_wikirules/reload.js"></script></body>`), 1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	} else if ct := contentType(fp); ct != "" {
		w.Header().Set("Content-Type", ct)
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
