package testgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/wikirules/wikirules/model"
)

// History returns a rules page ("Gamehelphistorygame") with n revisions,
// edited the way a wiki's rule tables are: a cell changed, a row inserted
// or removed, a section renamed (and its table's id with it), a column
// renamed, a table moved to another section, a title row added, bold
// added, prose rewritten. Its size stays about the same whatever n, so the
// cost of reading it grows with n alone. The same seed gives the same
// history.
func History(n int, seed uint64) *model.Page {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	h := &histPage{}
	for k := 0; k < 4; k++ {
		t := &histTable{section: fmt.Sprintf("%s %d", histSections[k%len(histSections)], k), cols: []string{"Name", "Points", "Limit"}}
		for i := 0; i < 9; i++ {
			t.rows = append(t.rows, []string{fmt.Sprintf("Item %d-%d", k, i), fmt.Sprint(r.IntN(30)), fmt.Sprint(1 + r.IntN(4))})
		}
		h.tables = append(h.tables, t)
	}
	for k := 0; k < 5; k++ {
		h.prose = append(h.prose, sentence(r, 40))
	}
	p := &model.Page{Title: "Gamehelphistorygame", Game: "historygame", Kind: model.PageRules}
	when := time.Date(2021, 3, 1, 12, 0, 0, 0, time.UTC)
	for v := 0; v < n; v++ {
		summary := "Created page"
		if v > 0 {
			summary = h.edit(r, v)
		}
		text := h.text()
		p.Revisions = append(p.Revisions, &model.Revision{Timestamp: when, Author: fmt.Sprintf("Editor%d", r.IntN(25)),
			Summary: summary, Text: text, SHA1: model.TextSHA1(text), Size: len(text)})
		when = when.Add(time.Duration(1+r.IntN(72)) * time.Hour)
	}
	return p
}

var histSections = []string{"Scoring", "Bonuses", "Penalties", "Setup"}

type histTable struct {
	section string
	title   string // a spanning title row, when set
	cols    []string
	rows    [][]string
	bold    bool
	moved   bool // written at the end of the next section (moved)
}

type histPage struct {
	tables []*histTable
	prose  []string
}

func (h *histPage) edit(r *rand.Rand, v int) string {
	t := h.tables[r.IntN(len(h.tables))]
	switch r.IntN(10) {
	case 0, 1, 2:
		row := t.rows[r.IntN(len(t.rows))]
		row[1] = fmt.Sprint(r.IntN(30))
		return fmt.Sprintf("/* %s */ %s is worth %s", t.section, row[0], row[1])
	case 3:
		// Rows come and go, so the page keeps its size.
		if len(t.rows) > 12 || len(t.rows) > 6 && r.IntN(2) == 0 {
			k := r.IntN(len(t.rows))
			t.rows = append(t.rows[:k], t.rows[k+1:]...)
			return fmt.Sprintf("/* %s */ remove a row", t.section)
		}
		k := r.IntN(len(t.rows) + 1)
		row := []string{fmt.Sprintf("Item v%d", v), fmt.Sprint(r.IntN(30)), fmt.Sprint(1 + r.IntN(4))}
		t.rows = append(t.rows[:k], append([][]string{row}, t.rows[k:]...)...)
		return fmt.Sprintf("/* %s */ add %s", t.section, row[0])
	case 4:
		t.section = fmt.Sprintf("%s %d", histSections[r.IntN(len(histSections))], v)
		return "rename a section"
	case 5:
		c := 1 + r.IntN(len(t.cols)-1)
		t.cols[c] = fmt.Sprintf("%s %d", strings.Fields(t.cols[c])[0], v)
		return fmt.Sprintf("/* %s */ rename a column", t.section)
	case 6:
		t.moved = !t.moved
		return "move a table"
	case 7:
		if t.title == "" {
			t.title = "Values of " + t.section
		} else {
			t.title = ""
		}
		return "title row"
	case 8:
		t.bold = !t.bold
		return "bold names"
	}
	h.prose[r.IntN(len(h.prose))] = sentence(r, 40)
	return "rewrite a paragraph"
}

func (t *histTable) write(b *strings.Builder) {
	b.WriteString("{| class=\"wikitable\"\n")
	if t.title != "" {
		fmt.Fprintf(b, "! colspan=\"%d\" | %s\n|-\n", len(t.cols), t.title)
	}
	b.WriteString("! " + strings.Join(t.cols, " !! ") + "\n")
	for _, row := range t.rows {
		name := row[0]
		if t.bold {
			name = "'''" + name + "'''"
		}
		fmt.Fprintf(b, "|-\n| %s || %s\n", name, strings.Join(row[1:], " || "))
	}
	b.WriteString("|}\n")
}

func (h *histPage) text() string {
	var b strings.Builder
	b.WriteString(h.prose[0] + "\n\n")
	n := len(h.tables)
	for k, t := range h.tables {
		fmt.Fprintf(&b, "== %s ==\n%s\n", t.section, h.prose[1+k%(len(h.prose)-1)])
		if !t.moved {
			t.write(&b)
		}
		// A table moved out of its section is written at the end of the
		// next one.
		if prev := h.tables[(k+n-1)%n]; prev.moved {
			prev.write(&b)
		}
		b.WriteString("\n")
	}
	return b.String()
}
