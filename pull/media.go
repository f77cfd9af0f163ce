package pull

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wikirules/wikirules/corpus/mwapi"
)

// mediaName is the file name an upload gets in the media directory: its
// title without the namespace, spaces as underscores (as in the wiki's
// upload URLs), and nothing that could leave the directory or hide the
// file.
func mediaName(title string) string {
	if i := strings.IndexByte(title, ':'); i >= 0 {
		title = title[i+1:]
	}
	name := strings.Map(func(r rune) rune {
		switch {
		case r == ' ':
			return '_'
		case r == '/' || r == '\\' || r < 0x20:
			return '-'
		}
		return r
	}, title)
	if strings.HasPrefix(name, ".") {
		name = "_" + name[1:]
	}
	return name
}

// media downloads the files the store's pages use into opts.Media, when
// missing or changed, checking each against the wiki's SHA-1; files it
// downloaded before that no page uses any more are set aside.
func (p *puller) media(ctx context.Context) error {
	if err := os.MkdirAll(p.opts.Media, 0o755); err != nil {
		return err
	}
	type file struct {
		name string
		info mwapi.ImageInfo
	}
	files := map[string]file{}
	ids := p.sortedIDs(func(*entry) bool { return true })
	for i := 0; i < len(ids); i += 50 {
		params := url.Values{"generator": {"images"}, "pageids": {joinIDs(ids[i:min(i+50, len(ids))])}, "gimlimit": {"max"},
			"prop": {"imageinfo"}, "iiprop": {"url|sha1|size|timestamp"}}
		err := p.client.Pages(ctx, params, func(pg mwapi.Page) error {
			name := mediaName(pg.Title)
			if _, ok := files[name]; ok {
				return nil
			}
			if len(pg.ImageInfo) == 0 || pg.ImageInfo[0].FileHidden || pg.ImageInfo[0].URL == "" {
				p.sum.Media.Missing++
				files[name] = file{name: name}
				return nil
			}
			files[name] = file{name: name, info: pg.ImageInfo[0]}
			return nil
		})
		if err != nil {
			return err
		}
	}
	var names []string
	for n, f := range files {
		if f.info.URL != "" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	known := map[string]MediaState{}
	for _, m := range p.state.Media {
		known[m.Name] = m
	}
	var kept []MediaState
	for i, name := range names {
		p.progress("media", i, len(names))
		f := files[name]
		path := filepath.Join(p.opts.Media, name)
		ms, err := p.mediaFile(ctx, path, f.info, known[name])
		if err != nil {
			return err
		}
		kept = append(kept, ms)
		p.sum.Media.Files++
	}
	p.progress("media", len(names), len(names))
	for _, m := range p.state.Media {
		if f, ok := files[m.Name]; ok && f.info.URL != "" {
			continue
		}
		if err := setAside(p.dir, filepath.Join(p.opts.Media, m.Name), "media"); err != nil {
			return err
		}
		p.sum.Media.Removed++
	}
	p.state.Media = kept
	return nil
}

// mediaFile makes path hold the upload described by info.
func (p *puller) mediaFile(ctx context.Context, path string, info mwapi.ImageInfo, known MediaState) (MediaState, error) {
	ms := MediaState{Name: filepath.Base(path), SHA1: strings.ToLower(info.SHA1), Size: info.Size}
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		// Recorded as this very file: no need to read it again.
		if known.SHA1 == ms.SHA1 && known.Size == st.Size() && known.MTime == st.ModTime().UnixNano() {
			return known, nil
		}
		if data, err := os.ReadFile(path); err == nil && sha1Hex(data) == ms.SHA1 {
			ms.MTime = st.ModTime().UnixNano()
			return ms, nil
		}
	}
	data, err := p.client.Download(ctx, info.URL)
	if err != nil {
		return ms, err
	}
	if got := sha1Hex(data); got != ms.SHA1 {
		return ms, fmt.Errorf("%s: the file's SHA-1 is %s but the wiki says %s (damaged in transit?)", info.URL, got, ms.SHA1)
	}
	if int64(len(data)) != info.Size {
		return ms, fmt.Errorf("%s: the file has %d bytes but the wiki says %d", info.URL, len(data), info.Size)
	}
	if _, err := writeIfChanged(path, data); err != nil {
		return ms, err
	}
	if !info.Timestamp.IsZero() {
		os.Chtimes(path, info.Timestamp, info.Timestamp)
	}
	st, err := os.Stat(path)
	if err != nil {
		return ms, err
	}
	ms.MTime = st.ModTime().UnixNano()
	p.sum.Media.Downloaded++
	p.sum.Media.Bytes += int64(len(data))
	return ms, nil
}

func sha1Hex(data []byte) string {
	s := sha1.Sum(data)
	return hex.EncodeToString(s[:])
}
