package testgen

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/wikirules/wikirules/corpus/feed"
	"github.com/wikirules/wikirules/model"
)

// Options size the generated wiki.
type Options struct {
	Pages     int // number of pages
	Revisions int // revisions per page
	Seed      uint64
}

var words = strings.Fields(`the a player card cards deck hand round turn score points each every takes plays draws
	discards wins loses board tile tiles dice die roll move piece pieces token tokens trick lead follow suit trump
	bid pass round game end start setup table left right next first last highest lowest value bonus penalty`)

var categories = []string{"Card games", "Dice games", "Board games", "Tile games", "Trick-taking games"}

var suits = []string{"heart", "spade", "club", "diamond"}

// Corpus returns the generated wiki as a corpus.
func Corpus(o Options) *model.Corpus {
	var pages []*model.Page
	conv := model.DefaultConventions()
	for _, e := range Entries(o) {
		if len(pages) == 0 || pages[len(pages)-1].Title != e.Title {
			ns, kind, game := conv.Classify(e.Title, -1)
			pages = append(pages, &model.Page{Title: e.Title, Namespace: ns, Kind: kind, Game: game})
		}
		p := pages[len(pages)-1]
		p.Revisions = append(p.Revisions, e.Rev)
	}
	return model.NewCorpus(pages)
}

// WriteFeed writes the generated wiki as a contribution feed.
func WriteFeed(w io.Writer, o Options) error {
	return feed.Write(w, &feed.Feed{Header: "Generated wiki - User contributions [en]", Entries: Entries(o)})
}

// title is the i-th page's title: rules pages, tips pages of the same
// games, and other pages.
func title(i, n int) string {
	switch i % 5 {
	case 0, 1, 2:
		return fmt.Sprintf("Gamehelpgame%05d", i)
	case 3:
		return fmt.Sprintf("Tips game%05d", i-3)
	}
	return fmt.Sprintf("Strategy notes %05d", i)
}

// Entries returns every revision, page by page, oldest first.
func Entries(o Options) []feed.Entry {
	if o.Revisions < 1 {
		o.Revisions = 1
	}
	var out []feed.Entry
	base := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < o.Pages; i++ {
		r := rand.New(rand.NewPCG(o.Seed, uint64(i)))
		t := title(i, o.Pages)
		pg := newPage(r, i, o.Pages)
		when := base.Add(time.Duration(r.IntN(1000)) * time.Hour)
		for v := 0; v < o.Revisions; v++ {
			summary := "Created page"
			if v > 0 {
				summary = pg.edit(r)
			}
			text := pg.text()
			rev := &model.Revision{Timestamp: when, Author: fmt.Sprintf("Editor%d", r.IntN(40)), Summary: summary,
				Text: text, SHA1: model.TextSHA1(text), Size: len(text)}
			out = append(out, feed.Entry{Title: t, Rev: rev})
			when = when.Add(time.Duration(1+r.IntN(2000)) * time.Hour)
		}
	}
	return out
}

type section struct {
	title string
	paras []string
}

type page struct {
	i, n     int
	intro    string
	sections []section
	scores   [][2]string // category, points
	cards    [][2]int    // count, card index
	category string
}

func sentence(r *rand.Rand, n int) string {
	var b strings.Builder
	for k := 0; k < n; k++ {
		if k > 0 {
			b.WriteByte(' ')
		}
		w := words[r.IntN(len(words))]
		if k == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		b.WriteString(w)
	}
	b.WriteByte('.')
	return b.String()
}

func (p *page) para(r *rand.Rand) string {
	var b strings.Builder
	for s := 0; s < 3+r.IntN(3); s++ {
		if s > 0 {
			b.WriteByte(' ')
		}
		st := sentence(r, 8+r.IntN(10))
		switch r.IntN(6) {
		case 0:
			// A link to another page of the wiki (which exists).
			st += fmt.Sprintf(" See [[%s]].", title(r.IntN(p.n), p.n))
		case 1:
			// A link to a page nobody wrote.
			st += fmt.Sprintf(" See [[Missing page %d|the details]].", r.IntN(1000))
		case 2:
			st = "'''" + st + "'''"
		case 3:
			st += fmt.Sprintf(" Lead with {{%s|%d}}.", suits[r.IntN(4)], 2+r.IntN(9))
		}
		b.WriteString(st)
	}
	return b.String()
}

func newPage(r *rand.Rand, i, n int) *page {
	p := &page{i: i, n: n, category: categories[r.IntN(len(categories))]}
	p.intro = p.para(r)
	for _, t := range []string{"Overview", "Setup", "Playing", "Scoring", "End of the game", "Variants"} {
		s := section{title: t}
		for k := 0; k < 1+r.IntN(2); k++ {
			s.paras = append(s.paras, p.para(r))
		}
		p.sections = append(p.sections, s)
	}
	for k := 0; k < 4+r.IntN(4); k++ {
		w := words[r.IntN(len(words))]
		p.scores = append(p.scores, [2]string{strings.ToUpper(w[:1]) + w[1:] + " " + words[r.IntN(len(words))], fmt.Sprint(1 + r.IntN(20))})
	}
	for k := 0; k < 3+r.IntN(4); k++ {
		p.cards = append(p.cards, [2]int{1 + r.IntN(15), k})
	}
	return p
}

// edit changes the page the way an editor would and returns the summary.
func (p *page) edit(r *rand.Rand) string {
	switch r.IntN(5) {
	case 0:
		k := r.IntN(len(p.scores))
		p.scores[k][1] = fmt.Sprint(1 + r.IntN(20))
		return "/* Scoring */ fix the points of " + p.scores[k][0]
	case 1:
		k := r.IntN(len(p.cards))
		p.cards[k][0] = 1 + r.IntN(15)
		return "/* Setup */ card count"
	case 2:
		s := &p.sections[r.IntN(len(p.sections))]
		s.paras = append(s.paras, p.para(r))
		return "/* " + s.title + " */ more detail"
	case 3:
		s := &p.sections[r.IntN(len(p.sections))]
		s.title += " rules"
		return "rename a section"
	}
	s := &p.sections[r.IntN(len(p.sections))]
	k := r.IntN(len(s.paras))
	s.paras[k] = p.para(r)
	return "rewrite a paragraph"
}

func (p *page) text() string {
	var b strings.Builder
	b.WriteString(p.intro)
	b.WriteString("\n\n")
	for _, s := range p.sections {
		fmt.Fprintf(&b, "== %s ==\n", s.title)
		for _, para := range s.paras {
			b.WriteString(para)
			b.WriteString("\n\n")
		}
		switch s.title {
		case "Setup":
			total := 0
			for _, c := range p.cards {
				total += c[0]
			}
			fmt.Fprintf(&b, "%d cards:\n", total)
			for _, c := range p.cards {
				fmt.Fprintf(&b, "* %d x Card type %c\n", c[0], 'A'+c[1])
			}
			b.WriteString("\n")
		case "Scoring":
			b.WriteString("{| class=\"wikitable\"\n! Category !! Points\n")
			for _, sc := range p.scores {
				fmt.Fprintf(&b, "|-\n| %s || %s\n", sc[0], sc[1])
			}
			b.WriteString("|}\n\n")
		}
	}
	fmt.Fprintf(&b, "[[Category:%s]]\n", p.category)
	return b.String()
}
