package pull

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/corpus/mwapi"
	"github.com/wikirules/wikirules/corpus/mwxml"
	"github.com/wikirules/wikirules/model"
)

// The store's directories and files besides the state.
const (
	pagesDir   = "pages"
	removedDir = ".removed"
	lockFile   = ".lock"
)

// maxBase is the longest file name (before "#id.xml") a page gets: room is
// left under the usual 255-byte limit for the id and a temporary suffix.
const maxBase = 200

// baseName is a title's file name without extension: the title with
// unsafe characters %-escaped (corpus.FileNameForTitle), cut to maxBase
// bytes; cut reports whether it had to be cut.
func baseName(title string) (base string, cut bool) {
	base = strings.TrimSuffix(corpus.FileNameForTitle(title), ".wiki")
	if len(base) <= maxBase {
		return base, false
	}
	i := maxBase
	// Never cut inside a %XX escape or a UTF-8 sequence.
	for i > 0 && (!utf8.RuneStart(base[i]) || base[i-1] == '%' || (i > 1 && base[i-2] == '%')) {
		i--
	}
	return base[:i], true
}

// assignFiles gives every page its file: pages/<base>.xml, or
// pages/<base>#<id>.xml when the name was cut or another page's name
// differs from it only in case (a case-insensitive file system would
// make them one file). '#' cannot occur in a title, so such a name cannot
// be another title's. The result depends only on the set of pages.
func assignFiles(pages []*entry) {
	folded := map[string]int{}
	for _, e := range pages {
		b, _ := baseName(e.Title)
		folded[strings.ToLower(b)]++
	}
	for _, e := range pages {
		b, cut := baseName(e.Title)
		if cut || folded[strings.ToLower(b)] > 1 {
			b += "#" + strconv.FormatInt(e.ID, 10)
		}
		e.File = pagesDir + "/" + b + ".xml"
	}
}

// readPage reads a page file of the store: its revisions, checked against
// their SHA-1s by the XML reader.
func readPage(dir, file string) ([]*model.Revision, error) {
	p := filepath.Join(dir, filepath.FromSlash(file))
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var revs []*model.Revision
	err = mwxml.Read(p, bytes.NewReader(data), mwxml.Options{}, func(_ *mwxml.PageInfo, r *model.Revision) error {
		revs = append(revs, r)
		return nil
	})
	return revs, err
}

// encodePage writes a page and its revisions as an XML export, with the
// wiki's siteinfo (its name, case rule and namespaces).
func encodePage(site *model.SiteInfo, e *entry, revs []*model.Revision) ([]byte, error) {
	var b bytes.Buffer
	err := mwxml.Write(&b, site, []mwxml.Page{{Title: e.Title, Namespace: e.NS, ID: e.ID, Revisions: revs}})
	return b.Bytes(), err
}

// siteInfo is what the page files say about the wiki.
func siteInfo(si *mwapi.SiteInfo) *model.SiteInfo {
	out := &model.SiteInfo{Name: si.Name, DBName: si.WikiID, Base: si.Base, Generator: si.Generator, Case: si.Case}
	for _, ns := range si.Namespaces {
		c := ns.Case
		if c == si.Case {
			c = ""
		}
		out.Namespaces = append(out.Namespaces, model.Namespace{ID: ns.ID, Name: ns.Name, Case: c})
	}
	return out
}

// mergeRevisions adds the revisions of add to old (a revision id already
// in old is replaced), oldest first; it reports how many were new.
func mergeRevisions(old, add []*model.Revision) ([]*model.Revision, int) {
	byID := make(map[int64]int, len(old))
	out := append([]*model.Revision(nil), old...)
	for i, r := range out {
		byID[r.ID] = i
	}
	n := 0
	for _, r := range add {
		if i, ok := byID[r.ID]; ok {
			out[i] = r
			continue
		}
		byID[r.ID] = len(out)
		out = append(out, r)
		n++
	}
	sortRevisions(out)
	return out, n
}

// sortRevisions orders revisions as the wiki's history does: by time, then
// by id.
func sortRevisions(revs []*model.Revision) {
	sort.SliceStable(revs, func(i, j int) bool {
		a, b := revs[i], revs[j]
		if !a.Timestamp.Equal(b.Timestamp) {
			return a.Timestamp.Before(b.Timestamp)
		}
		return a.ID < b.ID
	})
}

// setAside moves a file of the store (or of the media directory) into
// .removed/, replacing an older one of the same name.
func setAside(dir, file, sub string) error {
	src := file
	if !filepath.IsAbs(src) {
		src = filepath.Join(dir, filepath.FromSlash(file))
	}
	dst := filepath.Join(dir, removedDir, sub, filepath.Base(src))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if err := os.Rename(src, dst); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("moving %s to %s: %w", src, dst, err)
	}
	return nil
}

// copyAside copies a file into .removed/ (when another page now owns its
// name, so it cannot be moved).
func copyAside(dir, file string) error {
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = writeIfChanged(filepath.Join(dir, removedDir, path.Base(file)), data)
	return err
}

// storeEmpty reports whether dir holds nothing but what a pull itself
// leaves (a lock, removed pages).
func storeEmpty(dir string) (bool, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false, err
	}
	for _, e := range ents {
		switch e.Name() {
		case lockFile, removedDir:
		case pagesDir:
			sub, err := os.ReadDir(filepath.Join(dir, pagesDir))
			if err != nil || len(sub) > 0 {
				return false, err
			}
		default:
			return false, nil
		}
	}
	return true, nil
}
