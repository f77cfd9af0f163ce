package site

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"path"
	"strings"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// plan is where every page of the corpus goes in the site.
type plan struct {
	// dir maps a page's normalized title to its directory in the site
	// ("games/hearts/", "wiki/file-board-png/", "categories/card-games/").
	dir map[string]string
	// games are the game units, sorted by slug; pages the other units.
	games []*gameUnit
	pages []*model.Page
	// categories are the category pages of the corpus (rendered with the
	// category listings).
	categories map[string]*model.Page
	// media maps a file's name ("Board.png", without namespace) to its path
	// in the site ("media/Board.png").
	media map[string]string
	// mediaFrom maps a media path in the site to its file in the media FS.
	mediaFrom map[string]string
	// warnings are about the media files left out.
	warnings model.MsgList
	wiki     *wiki.Wiki
	// redirects maps a redirect page's title to its target (redirect.go).
	redirects map[string]string
	// names are the wiki's namespace names and case rules: titles are
	// normalized by them.
	names *model.Namespaces
}

// mediaKey is the key of a file in media: its name without the namespace,
// normalized by the File namespace's rules ("board.png" → "Board.png"
// unless the wiki is case-sensitive).
func (p *plan) mediaKey(name string) string {
	_, n := p.names.Split(p.names.Normalize(p.names.Title(model.NSFile, name)))
	return n
}

// gameUnit is a game: its rules page and its tips page (either may be nil).
type gameUnit struct {
	slug        string
	dir         string // "games/<slug>/"
	rules, tips *model.Page
	game        *wiki.Game
	// prev and next are the games before and after it, by slug (nil at
	// either end): its pages link to them.
	prev, next *gameUnit
	// nameKey digests what the game's name is read from (jobs): a
	// previous build that read the same gives the name without reading.
	nameKey string
}

// safeSegment turns s into one path segment that cannot leave its
// directory: letters, digits and dashes only (model.Slug), never empty,
// never "." or "..", and never longer than model.MaxNameBytes (a long
// title's slug is shortened with a hash of the title: stable and unique).
func safeSegment(s string) string {
	seg := model.Slug(s)
	if seg == "" {
		sum := sha256.Sum256([]byte(s))
		seg = "page-" + hex.EncodeToString(sum[:4])
	}
	return model.ShortName(seg, model.MaxNameBytes, "-", s)
}

// makePlan assigns a directory to every page. Two titles that make the same
// slug get -2, -3… in title order, so paths are stable and unique.
func makePlan(w *wiki.Wiki, media fs.FS, policy mediaPolicy) *plan {
	p := &plan{dir: map[string]string{}, categories: map[string]*model.Page{}, media: map[string]string{}, mediaFrom: map[string]string{}, wiki: w, names: w.Corpus.Namespaces}
	used := map[string]bool{
		// Directories of the site-wide pages.
		"assets/": true, "checks/": true, "categories/": true, "pages/": true, "search/": true, "media/": true,
	}
	claim := func(base string) string {
		d := base + "/"
		for i := 2; used[d]; i++ {
			d = base + "-" + itoa(i) + "/"
		}
		used[d] = true
		return d
	}
	for _, wg := range w.Games() {
		g := &gameUnit{slug: wg.Slug, rules: wg.Rules, tips: wg.Tips, game: wg}
		g.dir = claim("games/" + safeSegment(g.slug))
		if n := len(p.games); n > 0 {
			g.prev, p.games[n-1].next = p.games[n-1], g
		}
		if g.rules != nil {
			p.dir[g.rules.Title] = g.dir
		}
		if g.tips != nil {
			p.dir[g.tips.Title] = g.dir + "tips/"
		}
		p.games = append(p.games, g)
	}
	c := w.Corpus
	for _, pg := range c.Pages {
		if _, ok := p.dir[pg.Title]; ok {
			continue
		}
		if pg.Namespace == model.NSCategory {
			_, name := p.names.Split(pg.Title)
			p.categories[name] = pg
			continue
		}
		p.dir[pg.Title] = claim("wiki/" + safeSegment(pg.Title))
		p.pages = append(p.pages, pg)
	}
	p.addRedirects(c)
	if media != nil {
		names, warns := listMedia(media, policy)
		p.warnings = warns
		for _, f := range names {
			name := p.mediaKey(path.Base(f))
			if _, ok := p.media[name]; ok {
				continue
			}
			ext := strings.ToLower(path.Ext(f))
			dst := "media/" + safeSegment(strings.TrimSuffix(path.Base(f), path.Ext(f))) + safeExt(ext)
			for i := 2; p.mediaFrom[dst] != ""; i++ {
				dst = "media/" + safeSegment(strings.TrimSuffix(path.Base(f), path.Ext(f))) + "-" + itoa(i) + safeExt(ext)
			}
			p.media[name] = dst
			p.mediaFrom[dst] = f
		}
	}
	return p
}

func safeExt(ext string) string {
	for _, c := range ext[min(1, len(ext)):] {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return ""
		}
	}
	return ext
}

// categoryDir is the directory of a category's listing.
func categoryDir(name string) string { return "categories/" + safeSegment(name) + "/" }

// itoa formats i ≥ 0 (counts, line numbers); a negative i comes out
// wrong: use strconv.Itoa for a number that may be one.
func itoa(i int) string {
	var b [20]byte
	n := len(b)
	for i >= 10 {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
	}
	n--
	b[n] = byte('0' + i)
	return string(b[n:])
}
