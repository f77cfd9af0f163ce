package site

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	watomic "github.com/wikirules/wikirules/internal/atomic"
)

// output writes the files of a build. A full build writes into a fresh
// temporary directory that then replaces the previous site as a whole; an
// incremental build writes into the site itself, each file through a
// temporary file renamed over it (see Build for what that guarantees).
type output struct {
	dir  string // where the files go: the temporary directory, or the site
	prev string // the previous site, whose unchanged files are reused
	// tmp, in place, is the directory of the files being written (in the
	// site's .wikirules/, on the same file system: a rename is atomic).
	tmp     string
	inPlace bool
	seq     atomic.Int64
	mu      sync.Mutex
	dirs    map[string]bool
	files   map[string]bool // every file of the new site
}

func newOutput(dir, prev string) *output {
	return &output{dir: dir, prev: prev, dirs: map[string]bool{}, files: map[string]bool{}}
}

// newOutputInPlace writes into the site out itself.
func newOutputInPlace(out string) (*output, error) {
	meta := filepath.Join(out, watomic.MarkerDir)
	if err := os.MkdirAll(meta, 0o755); err != nil {
		return nil, err
	}
	tmp, err := watomic.MkdirTemp(meta, "tmp-")
	if err != nil {
		return nil, err
	}
	o := newOutput(out, out)
	o.tmp, o.inPlace = tmp, true
	return o, nil
}

// close removes the in-place build's temporary directory.
func (o *output) close() {
	if o.tmp != "" {
		watomic.Discard(o.tmp)
	}
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

// mkdir makes the directory of the file fp, and its parents, once.
func (o *output) mkdir(fp string) error { return o.makeDir(filepath.Dir(fp)) }

func (o *output) makeDir(d string) error {
	o.mu.Lock()
	done := o.dirs[d]
	o.mu.Unlock()
	if done || d == o.dir {
		return nil
	}
	if o.inPlace {
		// The directories are mostly there already.
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	} else {
		// A new tree: the parent, then one mkdir (MkdirAll would look
		// at every level first).
		if err := o.makeDir(filepath.Dir(d)); err != nil {
			return err
		}
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
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
	if o.inPlace {
		err = o.replace(fp, data)
	} else {
		err = writeFile(fp, data)
	}
	if err != nil {
		return err
	}
	o.add(p)
	return nil
}

// replace writes fp through a temporary file renamed over it: a reader
// sees the old file or the new one, never a part of it. A file whose
// bytes are already those is left alone.
func (o *output) replace(fp string, data []byte) error {
	if same(fp, data) {
		return nil
	}
	tmp := filepath.Join(o.tmp, strconv.FormatInt(o.seq.Add(1), 10))
	if err := writeFile(tmp, data); err != nil {
		return err
	}
	if err := os.Rename(tmp, fp); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// same reports whether the file at fp holds exactly data. Only files of
// the same size are read.
func same(fp string, data []byte) bool {
	st, err := os.Lstat(fp)
	if err != nil || !st.Mode().IsRegular() || st.Size() != int64(len(data)) {
		return false
	}
	if len(data) < 64<<10 {
		old, err := os.ReadFile(fp)
		return err == nil && string(old) == string(data)
	}
	// A large file is compared where it is, in the page cache, rather
	// than read into fresh memory.
	old, release, err := mapRead(fp)
	if err != nil {
		return false
	}
	defer release()
	return string(old) == string(data)
}

func (o *output) add(p string) {
	o.mu.Lock()
	o.files[p] = true
	o.mu.Unlock()
}

// reuse takes files from the previous site: in place they are already
// there; otherwise a hard link when the file system allows it (nothing is
// rewritten), a copy otherwise.
func (o *output) reuse(files []string) error {
	for _, p := range files {
		if o.inPlace {
			o.add(p)
			continue
		}
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
		o.add(p)
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

// removeStale removes, in place, the files of the previous site the new
// one does not have (old lists them), then the directories that left
// empty. With all set (the previous build did not finish), every file
// under the site that the new one lacks goes, but the site's own
// .wikirules/ directory.
func (o *output) removeStale(old []string, all bool) error {
	if all {
		old = nil
		err := filepath.WalkDir(o.dir, func(fp string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(o.dir, fp)
			rel = filepath.ToSlash(rel)
			if rel == watomic.MarkerDir {
				return filepath.SkipDir
			}
			if !d.IsDir() {
				old = append(old, rel)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	dirs := map[string]bool{}
	for _, p := range old {
		if o.files[p] || strings.HasPrefix(p, watomic.MarkerDir+"/") {
			continue
		}
		fp, err := localPath(o.dir, p)
		if err != nil {
			return err
		}
		if err := os.Remove(fp); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		for d := filepath.Dir(fp); d != o.dir && len(d) > len(o.dir); d = filepath.Dir(d) {
			dirs[d] = true
		}
	}
	// Deepest first: a directory is removed only when nothing is left in
	// it (os.Remove fails on one that is not empty).
	list := make([]string, 0, len(dirs))
	for d := range dirs {
		list = append(list, d)
	}
	sort.Slice(list, func(i, j int) bool { return len(list[i]) > len(list[j]) })
	for _, d := range list {
		os.Remove(d)
	}
	return nil
}

// siteFiles lists the files of the new site outside the units, sorted.
func (o *output) siteFiles(units []*unitSummary) []string {
	inUnit := map[string]bool{}
	for _, u := range units {
		for _, f := range u.Files {
			inUnit[f] = true
		}
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	var list []string
	for f := range o.files {
		if !inUnit[f] && !strings.HasPrefix(f, watomic.MarkerDir+"/") {
			list = append(list, f)
		}
	}
	sort.Strings(list)
	return list
}

// manifest records a build: the key and files of each unit, so the next
// build can reuse what did not change, and the other files of the site.
type manifest struct {
	Version string `json:"version"`
	Global  string `json:"global"`
	Stats   Stats  `json:"stats"`
	// Incomplete marks a previous build that did not finish (pendingPath
	// is there): files it may have written are listed nowhere, so the
	// next build looks at every file.
	Incomplete bool `json:"-"`
	// Site are the site's files outside the units (site-wide pages,
	// assets, media).
	Site []string `json:"site"`
	// Shown are digests of what some site-wide pages show (shown.go).
	Shown map[string]string `json:"shown,omitempty"`
	// Units are written after the head (writeManifest).
	Units map[string]*unitSummary `json:"-"`
	// postings is the search index's postings record (postingsRecord),
	// written last: the next build renumbers it.
	postings []byte
	// release frees the bytes the units' strings share (readManifest).
	release func()
}

// files lists every file the manifest records.
func (m *manifest) files() []string {
	list := append([]string(nil), m.Site...)
	for _, u := range m.Units {
		list = append(list, u.Files...)
	}
	return list
}

func (o *output) writeManifest(m *manifest) error {
	return o.stream(manifestPath, func(w io.Writer) error { return writeManifestTo(w, m) })
}

// stream writes one file of the site through fn, buffered, without
// holding it in memory (the manifest of a large site is tens of MB).
func (o *output) stream(p string, fn func(w io.Writer) error) error {
	fp, err := localPath(o.dir, p)
	if err != nil {
		return err
	}
	if err := o.mkdir(fp); err != nil {
		return err
	}
	dst := fp
	if o.inPlace {
		dst = filepath.Join(o.tmp, strconv.FormatInt(o.seq.Add(1), 10))
	}
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	err = fn(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && o.inPlace {
		err = os.Rename(dst, fp)
	}
	if err != nil {
		os.Remove(dst)
		return err
	}
	o.add(p)
	return nil
}

// pending is what an incremental build records before it changes the
// site: the units it rebuilds. While the file is there, the site is a mix
// of the previous build and the new one.
type pending struct {
	Rebuild []string `json:"rebuild"`
}

// loadManifest reads the previous build's manifest: nil when there is
// none, and an error when it cannot be read (the build is then a full
// one). After an incremental build that did not finish, the units it was
// rebuilding lose their keys and the manifest is marked incomplete.
func loadManifest(out string) (*manifest, error) {
	m, err := readManifest(out)
	if m == nil || err != nil {
		return nil, err
	}
	data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(pendingPath)))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	var pd pending
	if err == nil {
		err = json.Unmarshal(data, &pd)
	}
	if err != nil {
		m.release()
		return nil, fmt.Errorf("%s: %w", pendingPath, err)
	}
	m.Incomplete, m.Global = true, ""
	for _, id := range pd.Rebuild {
		if u := m.Units[id]; u != nil {
			cleared := *u
			cleared.Key, cleared.raw = "", nil
			m.Units[id] = &cleared
		}
	}
	return m, nil
}

// numWorkers is how many goroutines share work that every core can do.
func numWorkers() int { return runtime.GOMAXPROCS(0) }

func tempDirFor(out string) (string, error) { return watomic.TempDirFor(out) }

func replaceDir(tmp, out string) error { return watomic.ReplaceDir(tmp, out) }

func atomicWrite(p string, data []byte) error {
	return watomic.WriteFile(p, 0o644, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
