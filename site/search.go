package site

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// The search runs in the browser (site.js) over search-index.js, a script
// rather than JSON so it loads from file:// too. What it searches are the
// pages' sections (the lead and each heading's part, linked to the
// heading) and the rule tables. The index holds:
//
//   - pages: the names of the pages the sections are part of;
//   - docs: per section its title, its page (a number in pages, -1 for a
//     page's lead, whose title is the page's name), URL, kind and the
//     start of its text (searchTextMax bytes, a snippet's width), from
//     which results show the words matched;
//   - words: the vocabulary, every distinct lower-case word of the
//     sections (all of their text, not only the start);
//   - postings: per word, the sections that have it.
//
// The browser matches each query word against the vocabulary: the word
// itself, the words that begin with its stem ("royalty" and "royalties"
// share "royalt"), and words one or two edits away ("royalities"); a
// section must match every query word. An inverted index is smaller than a
// word list per section, and the browser need not read the texts to search.

// searchTextMax is how much of a section's text the index keeps for
// snippets: what a result shows. The texts are most of the index (for
// 10,000 pages, see BenchmarkBuildGenerated's index-MB).
const searchTextMax = 160

// searchDoc is one entry of the index: a section of a page, or a rule
// table.
type searchDoc struct {
	Title string `json:"title"`
	// Page is the name of the page it is part of, shown with the title
	// ("Sushi Go › Using Wasabi"); "" for a page's lead, whose title is
	// the page's name.
	Page string `json:"page,omitempty"`
	URL  string `json:"url"` // from the site root
	Kind string `json:"kind"`
	Text string `json:"text,omitempty"`
	// Words are the distinct words of the section (its title and text; a
	// lead's also the page's title on the wiki), lower case, sorted,
	// joined by spaces: one string, as every unit's entries stay in
	// memory until the index is written.
	Words string `json:"words,omitempty"`
}

// pageSearchDocs are a page's entries: its lead and each section, under
// the page's name (a game's name for a game's pages).
func pageSearchDocs(pg *model.Page, dir string, doc *model.Document, game *GameLinks, tab string) []searchDoc {
	name := pg.Title
	if game != nil {
		name = game.Name
		if tab == "tips" {
			name += ": tips"
		}
	}
	kind := pg.Kind.String()
	var out []searchDoc
	lead := false
	for s := range model.Sections(doc.Root) {
		text := model.PlainTextSkipping(s.Node, func(n *model.Node) bool {
			return n.Kind == model.KindSection || n == s.Heading
		})
		if s.Heading == nil {
			lead = true
			out = append(out, searchDoc{Title: name, URL: dir + "index.html", Kind: kind, Text: clipWords(text, searchTextMax),
				Words: wordsOf(name, pg.Title, text, tab)})
			continue
		}
		title := strings.TrimSpace(model.PlainText(s.Heading))
		u := dir + "index.html"
		if id, ok := s.Heading.Attr("id"); ok && id != "" {
			u += "#" + contentIDs("").ContentID(id)
		}
		out = append(out, searchDoc{Title: title, Page: name, URL: u, Kind: kind, Text: clipWords(text, searchTextMax), Words: wordsOf(title, text)})
	}
	if !lead {
		// No lead section (a page that starts with a heading): the page
		// is still found by its name.
		out = append([]searchDoc{{Title: name, URL: dir + "index.html", Kind: kind, Words: wordsOf(name, pg.Title, tab)}}, out...)
	}
	return out
}

func tableSearchDoc(t *extract.Table, game *GameLinks) searchDoc {
	var sb strings.Builder
	sb.WriteString(strings.Join(t.Columns, ", "))
	for _, r := range t.Rows {
		sb.WriteString(" · ")
		for i, c := range r {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(extract.FormatValue(c.Value))
		}
	}
	text := sb.String()
	return searchDoc{Title: t.Title, Page: game.Name + ": rule tables", URL: game.DataURL + "#" + tableAnchor(t.ID),
		Kind: "table", Text: clipWords(text, searchTextMax), Words: wordsOf(t.Title, text, t.ID, t.Kind.String(), strings.Join(t.Section, " "))}
}

// clipWords cuts s to at most n bytes, at a word boundary.
func clipWords(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if i := strings.LastIndexByte(s[:cut], ' '); i > n/2 {
		cut = i
	}
	return strings.TrimSpace(s[:cut]) + " …"
}

// wordsOf returns the distinct words of texts, lower case, sorted, joined
// by spaces. A word is a run of letters and digits (and the combining marks
// after them).
func wordsOf(texts ...string) string {
	seen := map[string]bool{}
	var words []string
	for _, s := range texts {
		start := -1
		flush := func(end int) {
			if start >= 0 {
				w := strings.ToLower(s[start:end])
				if !seen[w] {
					seen[w] = true
					words = append(words, w)
				}
				start = -1
			}
		}
		for i, r := range s {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 && unicode.Is(unicode.Mn, r) {
				continue // a combining mark inside a word
			}
			flush(i)
		}
		flush(len(s))
	}
	sort.Strings(words)
	return strings.Join(words, " ")
}

// searchIndexJS writes the index as a script (see above).
func searchIndexJS(docs []searchDoc) []byte {
	postings := map[string][]int{}
	for i, d := range docs {
		for w := range strings.FieldsSeq(d.Words) {
			postings[w] = append(postings[w], i)
		}
	}
	vocab := make([]string, 0, len(postings))
	for w := range postings {
		vocab = append(vocab, w)
	}
	sort.Strings(vocab)

	// Page names once each.
	pageNo := map[string]int{}
	var pages []string
	for _, d := range docs {
		if _, ok := pageNo[d.Page]; !ok && d.Page != "" {
			pageNo[d.Page] = len(pages)
			pages = append(pages, d.Page)
		}
	}
	var b bytes.Buffer
	// json.Marshal escapes <, > and &, so the index is safe even inlined
	// in a page.
	names, _ := json.Marshal(pages)
	b.WriteString("window.WIKIRULES_SEARCH={\"v\":3,\"pages\":")
	b.Write(names)
	b.WriteString(",\n\"docs\":[\n")
	for i, d := range docs {
		if i > 0 {
			b.WriteString(",\n")
		}
		page := -1
		if d.Page != "" {
			page = pageNo[d.Page]
		}
		row, _ := json.Marshal([]any{d.Title, page, d.URL, d.Kind, d.Text})
		b.Write(row)
	}
	b.WriteString("],\n\"words\":")
	words, _ := json.Marshal(strings.Join(vocab, " "))
	b.Write(words)
	// Postings: per word, its sections' numbers as differences from the
	// one before, in base 36, joined by commas; words apart by spaces.
	b.WriteString(",\n\"postings\":\"")
	var num []byte
	for i, w := range vocab {
		if i > 0 {
			b.WriteByte(' ')
		}
		prev := 0
		for j, id := range postings[w] {
			if j > 0 {
				b.WriteByte(',')
			}
			num = strconv.AppendInt(num[:0], int64(id-prev), 36)
			b.Write(num)
			prev = id
		}
	}
	b.WriteString("\"};\n")
	return b.Bytes()
}
