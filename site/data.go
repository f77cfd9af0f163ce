package site

import (
	"html/template"
	"net/url"
	"strings"
	"time"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// Base is what every page template receives.
type Base struct {
	Site *SiteInfo
	// Title is the page's title (the <title> adds the site name).
	Title string
	// Path is the page's file in the site ("games/hearts/index.html").
	Path string
	// Root is the relative path from the page to the site root ("../../"),
	// so the site works under any base path and from file://.
	Root string
	// Section names the navigation entry to highlight: home, pages,
	// categories, checks or search.
	Section     string
	Crumbs      []Crumb
	Description string
	NoIndex     bool
}

// Link returns the relative URL from this page to the site file p
// ("assets/style.css", "games/hearts/index.html#scoring").
func (b *Base) Link(p string) string { return b.Root + escapePath(p) }

// SiteInfo describes the site.
type SiteInfo struct {
	Name, Lang, BaseURL, Generator string
	// CSP is the Content-Security-Policy of the pages
	// (ContentSecurityPolicy), for a <meta http-equiv> in the layouts.
	CSP string
}

// Crumb is one step of the breadcrumb trail; the last has no URL.
type Crumb struct{ Title, URL string }

// Link is a titled link; Missing marks a link to a page that does not
// exist; Note is shown beside it.
type Link struct {
	Title, URL string
	Missing    bool
	Note       string
}

// Rev is a revision as pages show it.
type Rev struct {
	Time            time.Time
	Author, Summary string
	// URL is the revision on the wiki ("" without the wiki's address).
	URL string
}

// GameLinks are the tabs of a game's pages.
type GameLinks struct {
	Name, Slug                 string
	RulesURL, TipsURL, DataURL string
	HistoryURL, TipsHistoryURL string
	Tables                     int
	// Prev and Next are the games before and after this one (by slug),
	// nil at either end.
	Prev, Next *Link
}

// WikiPage is a wiki page's latest revision (page.html).
type WikiPage struct {
	Base
	Heading    string
	PageTitle  string
	Kind       model.PageKind
	Tab        string // rules or tips, for a game's tabs
	Rev        Rev
	Body       template.HTML
	TOC        []TOCEntry
	Notes      template.HTML // the game's Markdown notes (content/site/games/<slug>.md)
	Game       *GameLinks
	Categories []Link
	Members    []Link // for a category page: its members
	HistoryURL string
	SourceURL  string
	Revisions  int
	Image      string // a File: page's image, when the file is provided
	// WikiURL and EditURL are the page and its edit form on the wiki
	// ("" without the wiki's address: Options.WikiURL).
	WikiURL, EditURL string
}

// TOCEntry is a line of a page's table of contents (WikiPage.TOC).
type TOCEntry struct {
	Level  int
	Number string // "1", "1.2"
	// ID is the heading's id, as the page has it. A layout links to it
	// with <a {{fragmentHref .ID}}>: the whole href="#…" attribute, the
	// id as MediaWiki writes it in a link ("#100%", "#Q&amp;A");
	// href="#{{.ID}}" would be percent-encoded by html/template
	// ("#100%25", which goes to a heading "100%25" when there is one).
	ID string
	// Title is the line as MediaWiki's table of contents writes it: the
	// heading's text with the inline formatting MediaWiki keeps there
	// (<i>, <b>, <sup>, <sub>, <s>, <bdi>, <span dir>; links and images
	// as their text), HTML the renderer wrote (render.Renderer.TOC), so
	// a layout writes it as it is: {{.Title}} in text; in an attribute
	// html/template writes its text without the tags.
	Title template.HTML
	// Text is the heading's plain text.
	Text string
}

// HistoryPage is every revision of a page, newest first (history.html).
type HistoryPage struct {
	Base
	// Page is the page: its title on the wiki, and the name the site
	// shows (a game's name for a game's pages).
	Page struct{ Title, Name string }
	// WikiURL is the page's history on the wiki ("" without its address).
	WikiURL   string
	PageURL   string
	DataURL   string
	Revisions []*RevEntry
	// Source is the current revision's wikitext as HTML: a line per
	// span, with id L<n> (built in Go: a template ranging over thousands
	// of lines is slow).
	Source      template.HTML
	SourceLines int
	// Diffs counts the diffs and comparisons on the page.
	Diffs int
	// Parts are the old revisions' parts, each once (RevEntry.Parts), for
	// a layout that reads them (see fill); the page written in Go reads
	// them from partsData, part k ending at partEnds[k].
	Parts     []template.HTML
	partsData []byte
	partEnds  []int
	// Body is the list of revisions and the revisions, written in Go
	// from Revisions and Parts (a template ranging over them is slow).
	Body template.HTML

	// bodyLater: Body and Source are empty, the page being written in Go
	// (layouts.go), which writes them in their places into the page's
	// buffer (Source from sourceText) rather than copying them there.
	bodyLater  bool
	sourceText string
}

// RevEntry is one revision on a history page.
type RevEntry struct {
	ID              string // anchor: "rev-2024-01-12T18-22-41Z"
	Time            time.Time
	Author, Summary string
	Size, Delta     int
	First, Latest   bool
	Diff            *DiffView // changes since the previous revision
	// Parts are the numbers of the revision's parts in the page's Parts
	// (none for the current revision, which is the page itself): the
	// page's script puts the revision together from them.
	Parts []int
	// WikiURL is the revision on the wiki ("" without its address).
	WikiURL string
	// Compare is the change from this revision to the current one (nil
	// for the current revision and the one before it, whose comparison is
	// the current revision's diff: CompareURL).
	Compare    *CompareView
	CompareURL string
}

// CompareView is the change from a revision to the current one, shown by
// the site's script side by side with the current wikitext of the page.
type CompareView struct {
	ID string
	// Ops are the lines of the change, as JSON (see compareOps), for the
	// element's data-ops attribute.
	Ops            string
	Added, Removed int
}

// DiffView is the change from one revision to the next.
type DiffView struct {
	ID     string // anchor of the diff
	PrevID string // anchor of the previous revision
	// HTML is the diff as the page shows it, for a layout that reads it
	// (see HistoryPage.fill); the page written in Go writes res straight
	// into its buffer instead (the diffs as strings were a twentieth of
	// what a big build allocated).
	HTML           template.HTML
	res            *diff.Result
	Added, Removed int
	RulesChanged   bool
	FormattingOnly bool
	// Renames are the sections and rule tables the revision renamed
	// ("old → new"): shown as renames, not as removals and additions.
	Renames []string
	Open    bool
}

// RulesPage is a game's rule tables with their checks (rules.html).
type RulesPage struct {
	Base
	Game               *GameLinks
	Tables             []*TableView
	Other              []*CheckView // checks on no table
	Summary            CheckSummary
	YAMLURL, JSONURL   string
	YAMLName, JSONName string
}

// TableView is one extracted table.
type TableView struct {
	ID, Title          string
	Kind               extract.Kind
	Form               extract.Form
	Anchor             string
	Page               string // the wiki page it comes from
	PageURL, SourceURL string
	Line               int
	DeclaredTotal      any
	HTML               template.HTML
	YAML               template.HTML
	Warnings           []string
	Checks             []*CheckView
	Status             check.Status // worst status of its checks, "" without checks
	// Changed is the revision that last changed one of its values or rows
	// (nil without a blame); FormerIDs the ids it had before renames.
	Changed   *Changed
	FormerIDs []string
}

// Changed is a revision that changed something, with a link to its diff.
type Changed struct {
	Rev
	URL string
}

// CheckView is one check result.
type CheckView struct {
	Status      check.Status
	Game, ID    string
	Table       string
	Description string
	Message     string
	Page        string
	Revision    string
	Line        int
	Spec        string
	Builtin     bool
	TableURL    string // site path (from the root) of the table on the rules page
	SourceURL   string // site path of the wiki line
}

// CheckSummary counts results.
type CheckSummary struct{ Total, Pass, Fail, Error int }

func (s *CheckSummary) add(status check.Status) {
	s.Total++
	switch status {
	case check.Pass:
		s.Pass++
	case check.Fail:
		s.Fail++
	default:
		s.Error++
	}
}

// HomePage is the site's front page (home.html).
type HomePage struct {
	Base
	Intro      template.HTML
	Groups     []GameGroup
	Recent     []RecentChange
	Checks     CheckSummary
	Stats      struct{ Games, Pages, Revisions, Tables int }
	OtherPages int
	Extra      []Link // the Markdown pages
}

// GameGroup is a group of games on the home page (by category).
type GameGroup struct {
	Name  string
	Games []GameCard
}

// GameCard is a game on the home page.
type GameCard struct {
	Name, URL string
	Tables    int
	HasTips   bool
	Updated   time.Time
	Checks    CheckSummary
}

// RecentChange is a revision in the recent changes.
type RecentChange struct {
	Page            string
	DiffURL         string
	Time            time.Time
	Author, Summary string
	Delta           int
	RulesChanged    bool
}

// ChecksPage lists every check, failures first (checks.html).
type ChecksPage struct {
	Base
	Summary CheckSummary
	Games   []CheckGame
}

// CheckGame is one game's checks on the checks page.
type CheckGame struct {
	Name, Slug, DataURL string
	Summary             CheckSummary
	Checks              []*CheckView
}

// CategoriesPage lists the categories (categories.html).
type CategoriesPage struct {
	Base
	Categories []CategoryLink
}

// CategoryLink is a category with its number of pages.
type CategoryLink struct {
	Title, URL string
	Count      int
}

// CategoryPage lists a category's pages (category.html).
type CategoryPage struct {
	Base
	Name    string
	PageURL string
	Body    template.HTML
	Members []Link
}

// IndexPage lists every page by kind (index.html).
type IndexPage struct {
	Base
	Total  int
	Groups []IndexGroup
}

// IndexGroup is one kind of page.
type IndexGroup struct {
	ID, Name string
	Pages    []Link
}

// MarkdownPage is a page written in Markdown (markdown.html).
type MarkdownPage struct {
	Base
	Body template.HTML
}

// SearchPage is the search page (search.html); 404.html gets a Base.
type SearchPage struct{ Base }

// escapePath escapes each segment of a site path, keeping a fragment.
func escapePath(p string) string {
	if plainPath(p) {
		// Nearly every path the site makes: nothing to escape, no copy.
		return p
	}
	frag := ""
	if i := strings.IndexByte(p, '#'); i >= 0 {
		p, frag = p[:i], p[i:]
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/") + frag
}

// plainPath reports whether p's path, up to its fragment, is made of
// bytes url.PathEscape leaves as they are (letters, digits, "-._~") and
// slashes: escapePath(p) is then p.
func plainPath(p string) bool {
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_', c == '.', c == '~', c == '/':
		case c == '#':
			return true
		default:
			return false
		}
	}
	return true
}

// rootOf is the relative path from a page file to the root.
func rootOf(p string) string {
	return strings.Repeat("../", strings.Count(p, "/"))
}
