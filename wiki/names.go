package wiki

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/internal/suggest"
	"github.com/wikirules/wikirules/internal/yamlstrict"
	"github.com/wikirules/wikirules/model"
)

// A game has one name, shown everywhere (the site's titles, breadcrumbs,
// home, history and search; the commands' output) and accepted wherever a
// command takes a title. It is the first of:
//
//  1. the names map of the configuration (Config.Names: slug → name);
//  2. {{DISPLAYTITLE:}} of the game's rules page (its tips page when it
//     has none), without a rules or tips prefix;
//  3. the front matter of the game's note in the site content
//     (games/<slug>.md: "name: Sushi Go!");
//  4. the name as the game's pages spell it: the first run of words of
//     their lead (bold first) that spells the slug ("King of Tokyo");
//  5. the slug with a capital letter, or the tips page's title when it has
//     spaces ("Tips texas holdem" → "texas holdem").
//
// Step 2 parses the page only when its text has a {{DISPLAYTITLE:}};
// step 4 parses the start of the pages (leadText): a name costs a few
// kilobytes of parsing, and is the same whoever asks.

// GameName returns the game's name (see above), computed once per game.
func (w *Wiki) GameName(g *Game) string {
	g.nameOnce.Do(func() { g.name = w.resolveName(g) })
	return g.name
}

func (w *Wiki) resolveName(g *Game) string {
	if n := w.configuredName(g); n != "" {
		return n
	}
	main := g.Pages()[0]
	if r := main.LatestVisible(); r != nil && strings.Contains(r.Text, "DISPLAYTITLE") {
		if n := w.displayTitle(w.Parse(main, r)); n != "" {
			return n
		}
	}
	if n := w.notes[g.Slug]; n != "" {
		return n
	}
	want := suggest.Fold(g.Slug)
	for _, p := range g.Pages() {
		r := p.LatestVisible()
		if r == nil || r.Text == "" {
			continue
		}
		lead := leadText(r.Text)
		// A name that spells the slug is in the text as its letters in a
		// row: without them there is nothing to parse for.
		if want == "" || !suggest.FoldContains(lead, want) {
			continue
		}
		if n := leadName(w.ParseText(p.Title, lead, r.Timestamp), g.Slug); n != "" {
			return n
		}
	}
	return slugName(g)
}

// leadMax is how much of a page leadName reads: its lead and first
// sections, cut at a paragraph's end.
const leadMax = 8 << 10

// leadText is the start of a page's text that holds its lead.
func leadText(text string) string {
	if len(text) <= leadMax {
		return text
	}
	cut := strings.LastIndex(text[:leadMax], "\n\n")
	if cut < leadMax/4 {
		cut = strings.LastIndexByte(text[:leadMax], '\n')
	}
	if cut <= 0 {
		cut = leadMax
	}
	return text[:cut]
}

// configuredName is the name Config.Names gives the game: by its slug, a
// key that folds to the slug ("Sushi-Go"), or its rules or tips page's
// title.
func (w *Wiki) configuredName(g *Game) string {
	if len(w.cfg.Names) == 0 {
		return ""
	}
	if n, ok := w.cfg.Names[g.Slug]; ok {
		return n
	}
	f := suggest.Fold(g.Slug)
	for _, k := range slices.Sorted(maps.Keys(w.cfg.Names)) {
		if suggest.Fold(k) == f {
			return w.cfg.Names[k]
		}
		for _, p := range g.Pages() {
			if w.Corpus.NormalizeTitle(k) == p.Title {
				return w.cfg.Names[k]
			}
		}
	}
	return ""
}

// checkNames reports the keys of Config.Names that name no game.
func (w *Wiki) checkNames() model.MsgList {
	var msgs model.MsgList
	for _, k := range slices.Sorted(maps.Keys(w.cfg.Names)) {
		found := false
		for _, g := range w.Games() {
			if k == g.Slug || suggest.Fold(k) == suggest.Fold(g.Slug) || w.isPageOf(g, k) {
				found = true
				break
			}
		}
		if !found {
			msgs = append(msgs, model.Msg{File: w.cfg.NamesFile, Line: w.cfg.NamesLines[k], Severity: model.SevWarning, ID: model.MsgName,
				Text: fmt.Sprintf("names: no game %q in the inputs%s", k, suggest.DidYouMean(w.nearGames(k)))})
		}
	}
	return msgs
}

func (w *Wiki) isPageOf(g *Game, title string) bool {
	for _, p := range g.Pages() {
		if w.Corpus.NormalizeTitle(title) == p.Title {
			return true
		}
	}
	return false
}

// displayTitle reads the {{DISPLAYTITLE:…}} of a page (the last one, as
// MediaWiki keeps), as plain text without the wiki's rules or tips prefix;
// "" when it has none, or one made by a template.
func (w *Wiki) displayTitle(doc *model.Document) string {
	if doc == nil {
		return ""
	}
	name := ""
	for _, c := range doc.Templates {
		if c.Pos < 0 || c.End > len(doc.Source) || c.Pos >= c.End {
			continue
		}
		src := doc.Source[c.Pos:c.End]
		inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(src, "{{"), "}}"))
		v, ok := strings.CutPrefix(inner, "DISPLAYTITLE:")
		if !ok || strings.Contains(v, "{{") {
			continue
		}
		v, _, _ = strings.Cut(v, "|") // |noerror, |noreplace
		if t := w.stripPrefix(plainMarkup(v)); t != "" {
			name = t
		}
	}
	return name
}

// stripPrefix removes a rules or tips prefix ("Gamehelp", "Tips ") from a
// display title that keeps it.
func (w *Wiki) stripPrefix(t string) string {
	cv := w.cfg.Conventions
	for _, p := range append(append([]string{}, cv.RulesPrefixes...), cv.TipsPrefixes...) {
		if p != "" && len(t) > len(p) && strings.EqualFold(t[:len(p)], p) {
			return strings.TrimSpace(t[len(p):])
		}
	}
	return t
}

// plainMarkup removes the markup a display title may carry: the runs of
// apostrophes of italics and bold, HTML tags; entities stay as written but
// &amp;.
func plainMarkup(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '<':
			if j := strings.IndexByte(s[i:], '>'); j > 0 {
				i += j + 1
				continue
			}
		case strings.HasPrefix(s[i:], "''"):
			for i < len(s) && s[i] == '\'' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(b.String(), "&amp;", "&")), " ")
}

// leadName is the game's name as its page writes it. The slug is the name
// with its spaces and punctuation gone ("kingoftokyo"), so the name is the
// first run of words, in the first headings, paragraphs and list items, that spells the
// slug (letters and digits alike): "King of Tokyo", "Texas Hold'em". Bold
// runs are tried first, since wikis bold the subject in the lead.
func leadName(doc *model.Document, slug string) string {
	want := suggest.Fold(slug)
	if want == "" {
		return ""
	}
	var texts []string
	n := 0
	for c := range doc.Root.Descendants() {
		if c.Kind != model.KindParagraph && c.Kind != model.KindHeading && c.Kind != model.KindListItem {
			continue
		}
		if n++; n > 12 {
			break
		}
		for bold := range c.FindAll(model.KindBold) {
			if t := strings.TrimSpace(model.PlainText(bold)); len(t) <= 80 && suggest.Fold(t) == want {
				return t
			}
		}
		texts = append(texts, model.PlainText(c))
	}
	for _, t := range texts {
		words := strings.Fields(t)
		for i := range words {
			var acc strings.Builder
			for j := i; j < len(words) && j < i+8; j++ {
				acc.WriteString(suggest.Fold(words[j]))
				if acc.Len() >= len(want) {
					// A single word says nothing the slug does not
					// (and "the board" is no name): only a capitalised
					// run of words counts.
					if acc.String() == want && j > i {
						name := strings.Join(words[i:j+1], " ")
						name = strings.TrimFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '!' })
						if r, _ := utf8.DecodeRuneInString(name); unicode.IsUpper(r) {
							return name
						}
					}
					break
				}
				if !strings.HasPrefix(want, acc.String()) {
					break
				}
			}
		}
	}
	return ""
}

// slugName is the name of last resort: the slug with a capital, or the
// tips page's name when it has spaces ("Tips texas holdem").
func slugName(g *Game) string {
	name := g.Slug
	if g.Tips != nil {
		if i := strings.IndexByte(g.Tips.Title, ' '); i >= 0 && strings.Contains(g.Tips.Title[i+1:], " ") {
			name = g.Tips.Title[i+1:]
		}
	}
	r, n := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[n:]
}

// Note is the front matter of a Markdown page of the site content: a
// game's note (games/<slug>.md) may name the game; any page may give its
// title.
type Note struct {
	// Name is the game's name (notes on games).
	Name string `yaml:"name"`
	// Title is the page's title (default: its first level-one heading).
	Title string `yaml:"title"`
}

// SplitFrontMatter separates a Markdown file's YAML front matter (between
// "---" lines at its very start) from its body and decodes it; an unknown
// key or a wrong value is an error naming file and line.
func SplitFrontMatter(file string, data []byte) (Note, []byte, error) {
	var n Note
	rest, ok := bytes.CutPrefix(data, []byte("---\n"))
	if !ok {
		if rest, ok = bytes.CutPrefix(data, []byte("---\r\n")); !ok {
			return n, data, nil
		}
	}
	var fm, body []byte
	switch {
	case bytes.HasPrefix(rest, []byte("---\n")) || bytes.HasPrefix(rest, []byte("...\n")):
		fm, body = nil, rest[4:]
	default:
		i := bytes.Index(rest, []byte("\n---\n"))
		j := bytes.Index(rest, []byte("\n...\n"))
		if i < 0 || j >= 0 && j < i {
			i = j
		}
		if i < 0 {
			if bytes.HasSuffix(rest, []byte("\n---")) || bytes.HasSuffix(rest, []byte("\n...")) {
				i = len(rest) - 4
				fm, body = rest[:i+1], nil
				break
			}
			return n, data, &model.Msg{File: file, Line: 1, Severity: model.SevError, ID: model.MsgConfig, Text: "front matter opened by --- is never closed (a --- line ends it)"}
		}
		fm, body = rest[:i+1], rest[i+5:]
	}
	if err := yamlstrict.Decode(file, fm, 1, &n); err != nil {
		return n, data, err
	}
	n.Name, n.Title = strings.TrimSpace(n.Name), strings.TrimSpace(n.Title)
	return n, body, nil
}

// loadNotes reads the names the notes of the site content give their games
// (games/<slug>.md).
func loadNotes(site fs.FS) (map[string]string, error) {
	out := map[string]string{}
	if site == nil {
		return out, nil
	}
	entries, err := fs.ReadDir(site, "games")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return out, nil
		}
		return nil, err
	}
	var errs model.MsgList
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		p := path.Join("games", e.Name())
		data, err := fs.ReadFile(site, p)
		if err != nil {
			return nil, err
		}
		n, _, err := SplitFrontMatter(p, data)
		if err != nil {
			errs.AddErr(p, err)
			continue
		}
		if n.Name != "" {
			out[strings.TrimSuffix(e.Name(), ".md")] = n.Name
		}
	}
	return out, errs.Err()
}
