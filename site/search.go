package site

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
	"unicode"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// searchDoc is one entry of the client-side search index: a page or a
// rule table.
type searchDoc struct {
	Title    string `json:"title"`
	URL      string `json:"url"` // from the site root
	Kind     string `json:"kind"`
	Snippet  string `json:"snippet,omitempty"`
	Headings string `json:"headings,omitempty"`
	// Words are the distinct words of the text, folded to lower case,
	// sorted: the search matches query words as prefixes of these.
	Words string `json:"words,omitempty"`
}

func pageSearchDoc(pg *model.Page, dir string, doc *model.Document, game *GameLinks, tab string) searchDoc {
	title := pg.Title
	if game != nil {
		title = game.Name
		if tab == "tips" {
			title += ": tips"
		}
	}
	var heads []string
	for h := range doc.Root.FindAll(model.KindHeading) {
		heads = append(heads, model.PlainText(h))
	}
	text := model.PlainText(doc.Root)
	words := wordsOf(text + " " + pg.Title)
	return searchDoc{Title: title, URL: dir + "index.html", Kind: pg.Kind.String(), Snippet: description(doc),
		Headings: strings.Join(heads, " · "), Words: words}
}

func tableSearchDoc(t *extract.Table, game *GameLinks) searchDoc {
	var sb strings.Builder
	sb.WriteString(strings.Join(t.Columns, " "))
	for _, r := range t.Rows {
		for _, c := range r {
			sb.WriteByte(' ')
			sb.WriteString(c.Text)
		}
	}
	return searchDoc{Title: t.Title + " (" + game.Name + ")", URL: game.DataURL + "#" + tableAnchor(t.ID),
		Kind: "table", Snippet: t.ID + ": " + clip(strings.Join(t.Columns, ", "), 120), Headings: strings.Join(t.Section, " · "),
		Words: wordsOf(sb.String() + " " + t.ID + " " + t.Kind.String())}
}

// wordsOf returns the distinct words of s, lower case, sorted, joined by
// spaces.
func wordsOf(s string) string {
	seen := map[string]bool{}
	var words []string
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
		flush(i)
	}
	flush(len(s))
	sort.Strings(words)
	return strings.Join(words, " ")
}

// searchIndexJS is the index as a script, so it loads from file:// too.
func searchIndexJS(docs []searchDoc) []byte {
	var b bytes.Buffer
	b.WriteString("window.WIKIRULES_SEARCH={\"docs\":[\n")
	for i, d := range docs {
		if i > 0 {
			b.WriteString(",\n")
		}
		// json.Marshal escapes <, > and &, so the index is safe even
		// inlined in a page.
		row, _ := json.Marshal([]string{d.Title, d.URL, d.Kind, d.Snippet, d.Headings, d.Words})
		b.Write(row)
	}
	b.WriteString("]};\n")
	return b.Bytes()
}
