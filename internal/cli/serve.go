package cli

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/site"
)

func (a *app) serveCommand() *cobra.Command {
	var sf siteFlags
	var addr string
	cmd := &cobra.Command{
		Use:   "serve [INPUT…]",
		Short: "Build the site, serve it, and rebuild when the inputs change",
		Long: `serve builds the site into a temporary directory, serves it on --addr
(loopback by default), and watches the inputs, the templates, the layouts, the
content, the check specs, the engine constants and the media: when one
changes, the pages that depend on it are rebuilt and open browsers reload.`,
		Example: `  wikirules serve
  wikirules serve ../shared/seeds --layouts mytheme --addr 127.0.0.1:9000`,
		RunE: func(cmd *cobra.Command, args []string) error {
			a.mapInputs = false // loaded again at every change
			args = a.inputs(args)
			// A signal stops the server; the temporary site is removed and
			// the exit status is 128 + the signal, as Main's handler
			// (which may get there first) makes it.
			ctx, cancel := context.WithCancel(cmd.Context())
			defer cancel()
			sigs := make(chan os.Signal, 1)
			signal.Notify(sigs, stopSignals...)
			defer signal.Stop(sigs)
			var caught os.Signal
			go func() {
				select {
				case caught = <-sigs:
					cancel()
				case <-ctx.Done():
				}
			}()
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			if host, _, err := net.SplitHostPort(addr); err == nil {
				if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
					fmt.Fprintf(a.stderr, "wikirules: warning: serving on %s, reachable from other machines\n", addr)
				}
			}
			p, cleanup, err := a.newPreview(args, &sf)
			if err != nil {
				ln.Close()
				return err
			}
			defer cleanup()
			what := "the embedded corpus"
			if len(args) > 0 {
				what = strings.Join(args, ", ")
			}
			fmt.Fprintf(a.stdout, "serving %s on http://%s/ (Ctrl-C to stop)\n", what, ln.Addr())
			if err := p.Serve(ctx, ln); err != nil {
				return err
			}
			if s, ok := caught.(syscall.Signal); ok {
				cleanup()
				return withStatus(128+int(s), nil)
			}
			return nil
		},
	}
	if cmd.Context() == nil {
		cmd.SetContext(context.Background())
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to serve on")
	sf.register(cmd, false)
	return cmd
}

// newPreview builds the site into a temporary directory (removed by
// cleanup) and returns the preview that serves and rebuilds it.
func (a *app) newPreview(inputs []string, sf *siteFlags) (*site.Preview, func(), error) {
	// Named with the process id: a later serve removes it if this one is
	// killed before it can (atomic.MkdirTemp).
	tmp, err := atomic.MkdirTemp("", "wikirules-serve-")
	if err != nil {
		return nil, nil, err
	}
	out := filepath.Join(tmp, "site")
	rebuild := func() error {
		st, err := a.build(inputs, sf, out, "")
		if err != nil {
			return err
		}
		a.printBuild(st, sf, "site")
		return nil
	}
	watch := append([]string{}, inputs...)
	watch = append(watch, a.wf.templates, sf.layouts, sf.contentDir, sf.media, sf.cf.ChecksDir, sf.cf.EngineDir)
	p, err := site.NewPreview(out, watch, rebuild, a.stderr)
	if err != nil {
		atomic.Discard(tmp)
		return nil, nil, err
	}
	return p, func() { atomic.Discard(tmp) }, nil
}
