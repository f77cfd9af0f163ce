package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"iter"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// The search runs in the browser (site.js) over search-index.js and the
// parts of the index it loads as a query needs them: scripts rather than
// JSON, so they load from file:// too. What it searches are the pages'
// sections (the lead and each heading's part, linked to the heading) and
// the rule tables. The index is:
//
//   - search-index.js: the names of the pages the sections are part of,
//     the number of sections, how many a part of docs holds, and the
//     keys of the parts of words;
//   - search/docs-N.js: sections N×searchDocsPart to (N+1)×searchDocsPart,
//     each its title, its page (a number in pages, -1 for a page's lead,
//     whose title is the page's name), URL, kind and the start of its text
//     (searchTextMax bytes, a snippet's width), from which results show
//     the words matched;
//   - search/words-K.js: the words that begin with K (a letter or digit;
//     "_" for the words that begin with another character) — every
//     distinct lower-case word of the sections, all of their text, not
//     only the start — and per word the sections that have it.
//
// The browser matches each query word against the vocabulary: the word
// itself, the words that begin with its stem ("royalty" and "royalties"
// share "royalt"), and words one or two edits away ("royalities") that
// begin with the same letter; a section must match every query word. So
// a query needs the words of its words' first letters (and "_", whose
// words may begin with that letter once accents are folded), then the
// parts of docs of the sections it found: a few hundred KB rather than
// the whole index (24 MB for 10,000 pages). An inverted index is smaller
// than a word list per section, and the browser need not read the texts
// to search.

// searchDocsPart is how many sections a part of docs holds (tests make
// the index of a small site come in many parts: Options.searchDocsPart).
const searchDocsPart = 1000

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
	// lead's also the page's title on the wiki), lower case, in the order
	// they first appear, joined by spaces: one string, as every unit's
	// entries stay in memory until the index is written.
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
			u += "#" + idFragment(contentIDs("").ContentID(id))
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

// wordsOf returns the distinct words of texts, lower case, in the order
// they first appear, joined by spaces. A word is a run of letters and
// digits (and the combining marks after them).
func wordsOf(texts ...string) string {
	ws := wordSets.Get().(*wordSet)
	defer wordSets.Put(ws)
	for _, s := range texts {
		start := -1
		for i := 0; i < len(s); {
			c := s[i]
			if c < utf8.RuneSelf {
				if asciiWord[c] {
					if start < 0 {
						start = i
					}
				} else if start >= 0 {
					ws.add(s[start:i])
					start = -1
				}
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				if start < 0 {
					start = i
				}
			case start >= 0 && unicode.Is(unicode.Mn, r):
				// a combining mark inside a word
			case start >= 0:
				ws.add(s[start:i])
				start = -1
			}
			i += size
		}
		if start >= 0 {
			ws.add(s[start:])
		}
	}
	return ws.join()
}

// asciiWord marks the ASCII letters and digits.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// A wordSet gathers the distinct words of a section in lower case; the
// sets are reused (a section's words are found for every section of
// every page).
type wordSet struct {
	words []string
	// slots is an open-addressing table of the words: 0 empty, else
	// an index into words plus one, at the word's hash (hashes holds
	// them by index). A map was a third of wordsOf, which runs on
	// every section of every page. The hash is seeded per process, as
	// a map's is: words a page chose to collide would otherwise make a
	// section's table quadratic.
	slots  []int32
	hashes []uint64
	lower  []byte
}

// wordSeed seeds wordSet's hashes, for the process.
var wordSeed = maphash.MakeSeed()

var wordSets = sync.Pool{New: func() any { return &wordSet{slots: make([]int32, 256)} }}

// add adds w in lower case. A word of ASCII letters is lowered in a
// scratch buffer, and kept (a string of its own) only when it is new.
func (ws *wordSet) add(w string) {
	ascii, upper := true, false
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if 'A' <= c && c <= 'Z' {
			upper = true
		}
	}
	lw := w // w in lower case: its bytes, compared with the words kept
	switch {
	case !ascii:
		lw = strings.ToLower(w)
	case upper:
		ws.lower = append(ws.lower[:0], w...)
		for i, c := range ws.lower {
			if 'A' <= c && c <= 'Z' {
				ws.lower[i] = c + 'a' - 'A'
			}
		}
		lw = unsafe.String(unsafe.SliceData(ws.lower), len(ws.lower))
	}
	h := maphash.String(wordSeed, lw)
	mask := uint64(len(ws.slots) - 1)
	i := h & mask
	for ; ws.slots[i] != 0; i = (i + 1) & mask {
		k := ws.slots[i] - 1
		if ws.hashes[k] == h && ws.words[k] == lw {
			return
		}
	}
	if upper && ascii {
		lw = string(ws.lower) // kept: a string of its own
	}
	ws.words = append(ws.words, lw)
	ws.hashes = append(ws.hashes, h)
	ws.slots[i] = int32(len(ws.words))
	if 2*len(ws.words) > len(ws.slots) {
		ws.grow()
	}
}

// grow doubles the table.
func (ws *wordSet) grow() {
	ws.slots = make([]int32, 2*len(ws.slots))
	mask := uint64(len(ws.slots) - 1)
	for k, h := range ws.hashes {
		i := h & mask
		for ws.slots[i] != 0 {
			i = (i + 1) & mask
		}
		ws.slots[i] = int32(k + 1)
	}
}

// join returns the words in the order they came, separated by spaces, and
// empties the set. (Not sorted: the index sorts its words once; sorting
// every section's was 1.5% of a build.)
func (ws *wordSet) join() string {
	n := 0
	for _, w := range ws.words {
		n += len(w) + 1
	}
	var b strings.Builder
	b.Grow(n)
	for i, w := range ws.words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	if len(ws.slots) > 1<<12 {
		// A long text's table is not kept.
		ws.slots = make([]int32, 256)
	} else {
		clear(ws.slots)
	}
	clear(ws.words) // no reference to the texts kept in the pool
	ws.words, ws.hashes = ws.words[:0], ws.hashes[:0]
	return b.String()
}

// wordPart is the key of the part of the index that holds word w (lower
// case): its first letter or digit when ASCII, "_" otherwise.
func wordPart(w string) string {
	if c := w[0]; c < utf8.RuneSelf && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
		return w[:1]
	}
	return "_"
}

// docWords yields the words of a section's Words (joined by single
// spaces: wordsOf), without splitting the string into a slice.
func docWords(words string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for ws := words; ws != ""; {
			w := ws
			if j := strings.IndexByte(ws, ' '); j >= 0 {
				w, ws = ws[:j], ws[j+1:]
			} else {
				ws = ""
			}
			if w != "" && !yield(w) {
				return
			}
		}
	}
}

// searchPartsVar is the object each part of the index adds itself to.
const searchPartsVar = "(window.WIKIRULES_SEARCH_PARTS=window.WIKIRULES_SEARCH_PARTS||{})"

// buildPostings lists, per word, the sections that have it, in order. The
// lists are cut from one array (a site of 10,000 pages has millions of
// postings: grown one append at a time, they were most of the index's
// cost), and the sections are read on every core, each worker numbering
// the words of its share; the numbers are then made one.
func buildPostings(docs []searchDoc) map[string][]int {
	type posting struct{ word, doc int32 }
	type share struct {
		ids   map[string]int32
		words []string
		all   []posting
	}
	workers := min(numWorkers(), max(1, len(docs)/2048))
	shares := make([]share, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := len(docs)*w/workers, len(docs)*(w+1)/workers
			n := 0
			for _, d := range docs[lo:hi] {
				if d.Words != "" {
					n += strings.Count(d.Words, " ") + 1
				}
			}
			sh := share{ids: map[string]int32{}, all: make([]posting, 0, n)}
			for i := lo; i < hi; i++ {
				for word := range docWords(docs[i].Words) {
					id, ok := sh.ids[word]
					if !ok {
						id = int32(len(sh.words))
						sh.ids[word] = id
						sh.words = append(sh.words, word)
					}
					sh.all = append(sh.all, posting{id, int32(i)})
				}
			}
			shares[w] = sh
		}()
	}
	wg.Wait()
	// One numbering: the first share's, then each other share's new words.
	ids := shares[0].ids
	words := shares[0].words
	total := len(shares[0].all)
	for k := 1; k < len(shares); k++ {
		sh := &shares[k]
		total += len(sh.all)
		remap := make([]int32, len(sh.words))
		for i, w := range sh.words {
			id, ok := ids[w]
			if !ok {
				id = int32(len(words))
				ids[w] = id
				words = append(words, w)
			}
			remap[i] = id
		}
		for i := range sh.all {
			sh.all[i].word = remap[sh.all[i].word]
		}
	}
	start := make([]int, len(words)+1)
	for _, sh := range shares {
		for _, p := range sh.all {
			start[p.word+1]++
		}
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	docsOf := make([]int, total)
	fill := append([]int(nil), start[:len(words)]...)
	// The shares in order: each word's sections stay in order.
	for _, sh := range shares {
		for _, p := range sh.all {
			docsOf[fill[p.word]] = int(p.doc)
			fill[p.word]++
		}
	}
	out := make(map[string][]int, len(words))
	for i, w := range words {
		out[w] = docsOf[start[i]:start[i+1]:start[i+1]]
	}
	return out
}

// writeSearchIndex makes the index's files (see above) of docs and their
// postings, search-index.js first, and gives each to emit, whose data is
// good only during the call: one buffer serves every file (a large site's
// index is tens of MB, which copies of each file would take in fresh
// memory). json.Marshal escapes <, > and &, so the index is safe even
// inlined in a page.
func writeSearchIndex(docs []searchDoc, post *postings, part int, emit func(path string, data []byte) error) error {
	if part <= 0 {
		part = searchDocsPart
	}

	// Page names once each.
	pageNo := map[string]int{}
	var pages []string
	for _, d := range docs {
		if _, ok := pageNo[d.Page]; !ok && d.Page != "" {
			pageNo[d.Page] = len(pages)
			pages = append(pages, d.Page)
		}
	}
	// The words' parts, in order of key: each a list of words' numbers
	// in vocab.
	var keys []string
	byKey := map[string][]int{}
	for i, w := range post.vocab {
		k := wordPart(w)
		if byKey[k] == nil {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], i)
	}
	sort.Strings(keys)

	var b bytes.Buffer
	names, _ := json.Marshal(pages)
	b.WriteString("window.WIKIRULES_SEARCH={\"v\":4,\"pages\":")
	b.Write(names)
	fmt.Fprintf(&b, ",\n\"docs\":%d,\"part\":%d,\"words\":", len(docs), part)
	kj, _ := json.Marshal(strings.Join(keys, " "))
	b.Write(kj)
	b.WriteString("};\n")
	if err := emit("search-index.js", b.Bytes()); err != nil {
		return err
	}

	var row []byte
	for n := 0; n*part < len(docs); n++ {
		b.Reset()
		name := "docs-" + strconv.Itoa(n)
		fmt.Fprintf(&b, "%s[%q]=[\n", searchPartsVar, name)
		for i, d := range docs[n*part : min(len(docs), (n+1)*part)] {
			if i > 0 {
				b.WriteString(",\n")
			}
			page := -1
			if d.Page != "" {
				page = pageNo[d.Page]
			}
			// As json.Marshal writes []any{title, page, url, kind, text},
			// without reflection for each of a site's sections.
			row = row[:0]
			row = append(row, '[')
			row = appendJSONString(row, d.Title)
			row = append(row, ',')
			row = strconv.AppendInt(row, int64(page), 10)
			for _, f := range []string{d.URL, d.Kind, d.Text} {
				row = append(row, ',')
				row = appendJSONString(row, f)
			}
			row = append(row, ']')
			b.Write(row)
		}
		b.WriteString("];\n")
		if err := emit("search/"+name+".js", b.Bytes()); err != nil {
			return err
		}
	}

	var num []byte
	var words []string
	for _, k := range keys {
		b.Reset()
		name := "words-" + k
		fmt.Fprintf(&b, "%s[%q]={\"words\":", searchPartsVar, name)
		words = words[:0]
		for _, i := range byKey[k] {
			words = append(words, post.vocab[i])
		}
		row = appendJSONString(row[:0], strings.Join(words, " "))
		b.Write(row)
		// Postings: per word, its sections' numbers as differences from
		// the one before, in base 36, joined by commas; words apart by
		// spaces.
		b.WriteString(",\n\"postings\":\"")
		for i, wi := range byKey[k] {
			if i > 0 {
				b.WriteByte(' ')
			}
			prev := int32(0)
			for j, id := range post.lists[wi] {
				if j > 0 {
					b.WriteByte(',')
				}
				num = strconv.AppendInt(num[:0], int64(id-prev), 36)
				b.Write(num)
				prev = id
			}
		}
		b.WriteString("\"};\n")
		if err := emit("search/"+name+".js", b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// appendJSONString appends s as encoding/json writes a string (HTML-safe:
// <, > and & escaped, as are U+2028 and U+2029; bytes that are not UTF-8
// become U+FFFD), which the search index does for every section's texts.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				// Control characters, and <, > and & for HTML.
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
