package wiki

import (
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// DefaultName is {{SITENAME}} when the configuration names no wiki: the
// name MediaWiki itself ships with.
const DefaultName = "MediaWiki"

// Config says what to read and how to read it.
type Config struct {
	// Inputs are files, directories, globs, or "-" for Stdin. None: the
	// embedded sample corpus (Wiki.Sample reports it).
	Inputs []string
	Stdin  io.Reader
	// KeepGoing reads every input it can and returns the problems with
	// the Wiki; otherwise the first bad input is an error.
	KeepGoing bool
	// Strict makes a revision whose text does not match its export <sha1>
	// an error rather than a warning.
	Strict bool
	// MetadataOnly drops the revisions' texts (keeping hashes and sizes):
	// for commands that list pages and histories.
	MetadataOnly bool
	// MapInputs maps uncompressed feed files into memory rather than
	// reading them (corpus.Options.MapFiles): for a process that loads
	// the wiki once, such as a build.
	MapInputs bool
	// Conventions say which titles are rules and tips pages (zero: the
	// Board Game Arena wiki's).
	Conventions model.Conventions
	// TemplatesDir holds wiki template definitions, one Name.wiki file
	// per template; "" uses the embedded ones. Template: pages of the
	// inputs take precedence over both.
	TemplatesDir string
	// Name is the wiki's name ({{SITENAME}}); "" is DefaultName.
	Name string
	// Server is the wiki's server ({{SERVER}}, {{fullurl:}}), such as
	// "https://en.doc.boardgamearena.com"; "" takes the scheme and host of
	// URL, or leaves it unknown (empty) when URL is "" too.
	Server string
	// Content is the embedded content (nil: content.New()); tests give
	// another.
	Content *content.Content
	// SiteContent holds the site's Markdown pages (index.md, <name>.md,
	// and games/<slug>.md: notes on games, whose front matter may name the
	// game). Nil: the embedded sample's pages with the sample corpus, none
	// with inputs of one's own (the sample's notes say things about the
	// sample's pages that are not true of others).
	SiteContent fs.FS
	// Names are games' names by slug (or by a page title of the game):
	// the first source of a game's name (see GameName).
	Names map[string]string
	// NamesFile and NamesLines say where Names were read (a configuration
	// file and the line of each key), for the warning about a name of no
	// game; both may be empty.
	NamesFile  string
	NamesLines map[string]int
	// URL is the wiki's address, for links back to its pages (PageURL,
	// EditURL, RevisionURL): either an article path with $1 for the title
	// ("https://en.wikipedia.org/wiki/$1") or the directory of its
	// index.php ("https://en.doc.boardgamearena.com/"). "" makes no links.
	URL string
}

// Wiki is a loaded corpus and how to read it.
type Wiki struct {
	// Corpus is every page of the inputs with its history.
	Corpus *model.Corpus
	// Templates are the wiki template definitions pages are expanded with.
	Templates *parser.WikiTemplates
	// Sample is true when no inputs were given and the Wiki holds the
	// embedded sample corpus.
	Sample bool
	// Messages are the problems found while loading that did not stop it:
	// warnings (conflicting duplicate revisions), and under KeepGoing the
	// inputs that could not be read.
	Messages model.MsgList

	cfg       Config
	gamesOnce sync.Once
	games     []*Game
	// notes are the names the site content's notes give games, by slug.
	notes    map[string]string
	notesErr error
	// stats are the corpus's counts for {{NUMBEROFPAGES}} and friends.
	statsOnce sync.Once
	stats     *parser.SiteStats
	// timed reports whether a template definition asks for the time
	// (HistoryParser).
	timedOnce sync.Once
	timed     bool
}

// Open loads the inputs (or the embedded sample) and the template
// definitions. Under KeepGoing, unreadable inputs are reported in
// Wiki.Messages and Open succeeds with the rest.
func Open(cfg Config) (*Wiki, error) {
	cfg = cfg.withDefaults()
	opts := corpus.Options{Conventions: cfg.Conventions, KeepGoing: cfg.KeepGoing, Strict: cfg.Strict, DropText: cfg.MetadataOnly, Stdin: cfg.Stdin, MapFiles: cfg.MapInputs}
	var c *model.Corpus
	var err error
	sample := len(cfg.Inputs) == 0
	if sample {
		c, err = cfg.Content.Corpus(opts)
	} else {
		c, err = corpus.Load(cfg.Inputs, opts)
	}
	var msgs model.MsgList
	if err != nil {
		list, ok := model.AsMsgList(err)
		if !ok || c == nil {
			return nil, err
		}
		msgs = append(msgs, list...)
	}
	msgs = append(msgs, c.Warnings...)
	var t *parser.WikiTemplates
	if !cfg.MetadataOnly {
		if t, err = LoadTemplates(cfg.TemplatesDir, cfg.Content); err != nil {
			return nil, err
		}
	}
	if sample && cfg.SiteContent == nil {
		cfg.SiteContent = cfg.Content.Site()
	}
	w := New(c, t, cfg)
	w.Sample = sample
	if w.notesErr != nil {
		return nil, w.notesErr
	}
	msgs = append(msgs, w.checkNames()...)
	w.Messages = msgs
	return w, nil
}

// New makes a Wiki of a corpus already loaded. The Template: pages of c
// are added to t (which may be nil: the embedded definitions).
func New(c *model.Corpus, t *parser.WikiTemplates, cfg Config) *Wiki {
	cfg = cfg.withDefaults()
	if c == nil {
		c = model.NewCorpus(nil)
	}
	if t == nil {
		t, _ = cfg.Content.WikiTemplates()
		if t == nil {
			t = parser.NewWikiTemplates()
		}
	}
	t.AddCorpus(c)
	w := &Wiki{Corpus: c, Templates: t, cfg: cfg}
	// A note whose front matter cannot be read names nothing; Open
	// reports it (and so does the site, which renders the notes).
	w.notes, w.notesErr = loadNotes(cfg.SiteContent)
	return w
}

func (cfg Config) withDefaults() Config {
	if cfg.Content == nil {
		cfg.Content = content.New()
	}
	if cfg.Conventions.RulesPrefixes == nil && cfg.Conventions.TipsPrefixes == nil {
		cfg.Conventions = model.DefaultConventions()
	}
	if cfg.Name == "" {
		cfg.Name = DefaultName
	}
	if cfg.Server == "" && cfg.URL != "" {
		if u, err := url.Parse(strings.Replace(cfg.URL, "$1", "", 1)); err == nil && u.Scheme != "" && u.Host != "" {
			cfg.Server = u.Scheme + "://" + u.Host
		}
	}
	return cfg
}

// ForText makes a Wiki with no pages, for parsing text that is not in a
// corpus (`wikirules html`): template definitions are read only when the
// text calls one.
func ForText(cfg Config, text string) (*Wiki, error) {
	t := parser.NewWikiTemplates()
	if strings.Contains(text, "{{") {
		var err error
		if t, err = LoadTemplates(cfg.TemplatesDir, cfg.Content); err != nil {
			return nil, err
		}
	}
	return New(nil, t, cfg), nil
}

// Config returns the configuration the Wiki was made with (defaults
// filled in).
func (w *Wiki) Config() Config { return w.cfg }

// LoadTemplates reads the wiki template definitions of dir (one Name.wiki
// per template), or the embedded ones when dir is "" or holds no .wiki
// file (a directory of site layouts only, as `build --templates` may get).
func LoadTemplates(dir string, c *content.Content) (*parser.WikiTemplates, error) {
	if c == nil {
		c = content.New()
	}
	if dir == "" {
		return c.WikiTemplates()
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("templates %s: not a directory", dir)
	}
	t := parser.NewWikiTemplates()
	if err := t.AddFS(os.DirFS(dir), "."); err != nil {
		return nil, err
	}
	if len(t.Names()) == 0 {
		return c.WikiTemplates()
	}
	return t, nil
}

// ParseOptions are the options every revision of the wiki is parsed with:
// the one place they are made.
func (w *Wiki) ParseOptions(title string, at time.Time) *parser.Options {
	return &parser.Options{Title: title, Time: at, WikiTemplates: w.Templates, SiteName: w.cfg.Name, Server: w.cfg.Server, Namespaces: w.Corpus.Namespaces, Stats: w.Stats()}
}

// Parse parses a revision of a page. The revision's own time stands for
// "now" ({{CURRENTYEAR}}), so the output depends on the input only.
func (w *Wiki) Parse(p *model.Page, r *model.Revision) *model.Document {
	return parser.Parse(r.Text, w.RevisionOptions(p, r))
}

// RevisionOptions are ParseOptions for a revision of a page of the corpus:
// its ids and author too ({{PAGEID}}, {{REVISIONID}}, {{REVISIONUSER}}).
func (w *Wiki) RevisionOptions(p *model.Page, r *model.Revision) *parser.Options {
	o := w.ParseOptions(p.Title, r.Timestamp)
	o.PageID, o.RevisionID, o.RevisionUser, o.RevisionSize = p.ID, r.ID, r.Author, len(r.Text)
	return o
}

// Stats counts the corpus as MediaWiki's site statistics do: pages,
// content pages (namespace 0, not redirects), files (pages of the File
// namespace), edits (revisions), users (authors) and active users (authors
// of the 30 days before the newest revision, so the count does not depend
// on when it is taken). Admins are not in any input: 0.
func (w *Wiki) Stats() *parser.SiteStats {
	w.statsOnce.Do(func() {
		s := &parser.SiteStats{Pages: int64(len(w.Corpus.Pages))}
		var newest time.Time
		for _, p := range w.Corpus.Pages {
			for _, r := range p.Revisions {
				if r.Timestamp.After(newest) {
					newest = r.Timestamp
				}
			}
		}
		users, active := map[string]bool{}, map[string]bool{}
		for _, p := range w.Corpus.Pages {
			ns, _ := w.Corpus.Namespaces.Split(p.Title)
			switch {
			case ns == model.NSMain && p.Redirect == "":
				s.Articles++
			case ns == model.NSFile:
				s.Files++
			}
			s.Edits += int64(len(p.Revisions))
			for _, r := range p.Revisions {
				if r.Author == "" {
					continue
				}
				users[r.Author] = true
				if !r.Timestamp.Before(newest.AddDate(0, 0, -30)) {
					active[r.Author] = true
				}
			}
		}
		s.Users, s.ActiveUsers = int64(len(users)), int64(len(active))
		w.stats = s
	})
	return w.stats
}

// ParseText parses wikitext that is not in the corpus (standard input of
// `wikirules html`) as the page title, at time at.
func (w *Wiki) ParseText(title, text string, at time.Time) *model.Document {
	return parser.Parse(text, w.ParseOptions(title, at))
}

// Game is a game of the wiki: its rules page and its tips page (either may
// be nil, not both). Its name is Wiki.GameName.
type Game struct {
	Slug  string
	Rules *model.Page
	Tips  *model.Page

	nameOnce sync.Once
	name     string
}

// SetName gives the game the name an earlier GameName read from the same
// pages and settings (a site build keeps it in its manifest), so that
// GameName need not read them again. It has no effect once GameName ran.
func (g *Game) SetName(name string) {
	g.nameOnce.Do(func() { g.name = name })
}

// Pages returns the game's pages, rules first.
func (g *Game) Pages() []*model.Page {
	var out []*model.Page
	for _, p := range []*model.Page{g.Rules, g.Tips} {
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}

// Games returns the games, sorted by slug. A game is the first rules page
// and the first tips page (in title order) of its slug; another rules or
// tips page of the same slug (a second prefix) is an ordinary page.
func (w *Wiki) Games() []*Game {
	w.gamesOnce.Do(w.findGames)
	return w.games
}

func (w *Wiki) findGames() {
	bySlug := map[string]*Game{}
	for _, p := range w.Corpus.Pages {
		if p.Game == "" || (p.Kind != model.PageRules && p.Kind != model.PageTips) {
			continue
		}
		g := bySlug[p.Game]
		if g == nil {
			g = &Game{Slug: p.Game}
			bySlug[p.Game] = g
			w.games = append(w.games, g)
		}
		switch {
		case p.Kind == model.PageRules && g.Rules == nil:
			g.Rules = p
		case p.Kind == model.PageTips && g.Tips == nil:
			g.Tips = p
		}
	}
	sort.Slice(w.games, func(i, j int) bool { return w.games[i].Slug < w.games[j].Slug })
	if w.games == nil {
		w.games = []*Game{}
	}
}

// Game returns the game of a slug, or nil.
func (w *Wiki) Game(slug string) *Game {
	for _, g := range w.Games() {
		if g.Slug == slug {
			return g
		}
	}
	return nil
}

// GameOf returns the game a page is part of (its rules or tips page), or
// nil.
func (w *Wiki) GameOf(p *model.Page) *Game {
	if p.Game == "" {
		return nil
	}
	if g := w.Game(p.Game); g != nil && (g.Rules == p || g.Tips == p) {
		return g
	}
	return nil
}
