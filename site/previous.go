package site

import (
	"os"
	"path/filepath"
	"sync"
)

// Previous is the previous build of a site, read in the background while
// the caller reads the wiki (ReadPrevious): the record of what it built
// (the manifest) and, for each unit, whether its files are all still
// there. Both take a fraction of a second for a large site, which a
// rebuild of one changed page no longer spends after reading the wiki.
type Previous struct {
	out  string
	done chan struct{}
	m    *manifest
	err  error

	mu    sync.Mutex
	taken bool // Build took m (and releases it)
}

// ReadPrevious starts reading the previous build of the site in out; give
// it to Build in Options.Previous (for the same Out), or Close it.
func ReadPrevious(out string) *Previous {
	p := &Previous{out: out, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		p.m, p.err = loadManifest(out)
		if p.m != nil {
			p.m.lookAtFiles(out)
		}
	}()
	return p
}

// take waits for the previous build to be read and hands it over.
func (p *Previous) take() (*manifest, error) {
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.taken {
		return nil, nil
	}
	p.taken = true
	return p.m, p.err
}

// Close releases what was read unless Build took it.
func (p *Previous) Close() {
	if m, _ := p.take(); m != nil {
		m.release()
	}
}

// lookAtFiles records, for each unit, whether its files are all there, on
// every core (reusable asks).
func (m *manifest) lookAtFiles(out string) {
	units := make([]*unitSummary, 0, len(m.Units))
	for _, u := range m.Units {
		units = append(units, u)
	}
	var wg sync.WaitGroup
	workers := numWorkers()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(units); i += workers {
				units[i].present = filesPresent(out, units[i].Files)
				units[i].looked = true
			}
		}()
	}
	wg.Wait()
}

// filesPresent reports whether the files (paths in the site at out) are
// all there.
func filesPresent(out string, files []string) bool {
	for _, f := range files {
		if _, err := os.Lstat(filepath.Join(out, filepath.FromSlash(f))); err != nil {
			return false
		}
	}
	return true
}
