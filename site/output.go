package site

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/wikirules/wikirules/internal/atomic"
)

// output writes the files of a build into a temporary directory.
type output struct {
	dir  string // the temporary directory
	prev string // the previous site, whose unchanged files are reused
	mu   sync.Mutex
	dirs map[string]bool
	n    int
}

func newOutput(dir, prev string) *output {
	return &output{dir: dir, prev: prev, dirs: map[string]bool{}}
}

// localPath checks that a site path stays inside the site and returns it
// as a file path under dir.
func localPath(dir, p string) (string, error) {
	fp := filepath.FromSlash(p)
	if p == "" || strings.ContainsRune(p, '\\') || strings.ContainsRune(p, 0) || !filepath.IsLocal(fp) {
		return "", fmt.Errorf("site: refusing to write %q: the path leaves the output directory", p)
	}
	return filepath.Join(dir, fp), nil
}

func (o *output) mkdir(fp string) error {
	d := filepath.Dir(fp)
	o.mu.Lock()
	done := o.dirs[d]
	o.mu.Unlock()
	if done {
		return nil
	}
	if err := os.MkdirAll(d, 0o755); err != nil {
		return err
	}
	o.mu.Lock()
	o.dirs[d] = true
	o.mu.Unlock()
	return nil
}

// write writes one file of the site.
func (o *output) write(p string, data []byte) error {
	fp, err := localPath(o.dir, p)
	if err != nil {
		return err
	}
	if err := o.mkdir(fp); err != nil {
		return err
	}
	if err := os.WriteFile(fp, data, 0o644); err != nil {
		return err
	}
	o.mu.Lock()
	o.n++
	o.mu.Unlock()
	return nil
}

// reuse takes files from the previous site: a hard link when the file
// system allows it (nothing is rewritten), a copy otherwise.
func (o *output) reuse(files []string) error {
	for _, p := range files {
		dst, err := localPath(o.dir, p)
		if err != nil {
			return err
		}
		src, err := localPath(o.prev, p)
		if err != nil {
			return err
		}
		if err := o.mkdir(dst); err != nil {
			return err
		}
		if err := os.Link(src, dst); err != nil {
			if err := copyFile(src, dst); err != nil {
				return err
			}
		}
		o.mu.Lock()
		o.n++
		o.mu.Unlock()
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func (o *output) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.n
}

// manifest records a build: the key and files of each unit, so the next
// build can reuse what did not change.
type manifest struct {
	Version string                  `json:"version"`
	Global  string                  `json:"global"`
	Stats   Stats                   `json:"stats"`
	Units   map[string]*unitSummary `json:"units"`
}

func (o *output) writeManifest(m *manifest) error {
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return o.write(manifestPath, data)
}

// loadManifest reads the previous build's manifest; nil when there is
// none or it cannot be read (the build is then a full one).
func loadManifest(out string) *manifest {
	data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(manifestPath)))
	if err != nil {
		return nil
	}
	var m manifest
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	return &m
}

func tempDirFor(out string) (string, error) { return atomic.TempDirFor(out) }

func replaceDir(tmp, out string) error { return atomic.ReplaceDir(tmp, out) }

func atomicWrite(p string, data []byte) error {
	return atomic.WriteFile(p, 0o644, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
