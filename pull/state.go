package pull

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// StateFile is the name of the state file in a store.
const StateFile = "pull.json"

// stateFormat is the version of the state file's format.
const stateFormat = 1

// Selection says which pages a store holds. The zero value selects every
// page of the main namespace, with the templates they use.
type Selection struct {
	// Namespaces, by number or name; empty: the main namespace (or, for
	// prefixes and categories, as below).
	Namespaces []string `json:"namespaces,omitempty"`
	// Prefixes select pages whose title starts with one of them; a prefix
	// may name its namespace ("Template:Card"), else Namespaces (or main)
	// are searched.
	Prefixes []string `json:"prefixes,omitempty"`
	// Categories select their members (pages and files; not
	// subcategories), in Namespaces when given.
	Categories []string `json:"categories,omitempty"`
	// Titles select pages by title.
	Titles []string `json:"titles,omitempty"`
	// Since, when set (a timestamp), limits the history fetched for a page
	// new to the store to the revisions from then on and the one current
	// at that time.
	Since string `json:"since,omitempty"`
	// NoTemplates leaves out the templates the pages transclude.
	NoTemplates bool `json:"no_templates,omitempty"`
}

// State is the content of pull.json.
type State struct {
	Format    int         `json:"format"`
	API       string      `json:"api"`
	Site      string      `json:"site"`
	Selection Selection   `json:"selection"`
	Pages     []PageState `json:"pages"`
	// Media are the uploaded files downloaded to the media directory.
	Media []MediaState `json:"media,omitempty"`
}

// PageState is one page of the store.
type PageState struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	NS        int    `json:"ns"`
	File      string `json:"file"` // slash-separated, relative to the store
	LastRevID int64  `json:"lastrevid"`
	Revisions int    `json:"revisions"`
	// Template is set for a page in the store because a selected page
	// transcludes it.
	Template bool `json:"template,omitempty"`
}

// MediaState is one downloaded file.
type MediaState struct {
	Name  string `json:"name"` // the file name in the media directory
	SHA1  string `json:"sha1"`
	Size  int64  `json:"size"`
	MTime int64  `json:"mtime"` // the local file's modification time (Unix ns) when verified
}

// ReadState reads a store's state; it returns nil and no error when the
// store has none.
func ReadState(dir string) (*State, error) {
	data, err := os.ReadFile(filepath.Join(dir, StateFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var st State
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&st); err != nil {
		return nil, fmt.Errorf("%s: not a pull state file: %v", filepath.Join(dir, StateFile), err)
	}
	if st.Format != stateFormat {
		return nil, fmt.Errorf("%s: state format %d, expected %d (written by another version of wikirules?)", filepath.Join(dir, StateFile), st.Format, stateFormat)
	}
	return &st, nil
}

// encode returns the state's canonical bytes: pages sorted by title, media
// by name, so the same store gives the same file.
func (st *State) encode() ([]byte, error) {
	sort.Slice(st.Pages, func(i, j int) bool {
		if st.Pages[i].Title != st.Pages[j].Title {
			return st.Pages[i].Title < st.Pages[j].Title
		}
		return st.Pages[i].ID < st.Pages[j].ID
	})
	sort.Slice(st.Media, func(i, j int) bool { return st.Media[i].Name < st.Media[j].Name })
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", " ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(st); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// save writes the state when its bytes changed.
func (st *State) save(dir string) (bool, error) {
	data, err := st.encode()
	if err != nil {
		return false, err
	}
	return writeIfChanged(filepath.Join(dir, StateFile), data)
}

// writeIfChanged writes data to path unless the file already holds
// exactly data, and reports whether it wrote. The data goes to a temporary
// file in the same directory, is flushed to disk and renamed into place:
// a reader (or a crash) sees the old file or the new one.
func writeIfChanged(path string, data []byte) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return false, err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return false, fmt.Errorf("writing %s: %w", path, err)
	}
	return true, nil
}
