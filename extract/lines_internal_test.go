package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// splitLinesReference is splitLines as first written: every line kept
// whole, split on newlines and collapsed as strings.Fields does (but for
// the spaces that group a number's thousands: collapseKeepingGroups),
// footnote marks and hidden text left out, a space between two digits
// that an edge of an element set apart is between. splitLines must read
// every block as it does.
func splitLinesReference(src string, n *model.Node) []textLine {
	var out []textLine
	var cur strings.Builder
	curPos := -1
	edge, split := false, false
	end := func() {
		if cur.Len() > maxTableLine {
			out = append(out, textLine{text: "", pos: curPos, split: split})
		} else if t := collapseKeepingGroups(cur.String()); t != "" {
			out = append(out, textLine{text: t, pos: curPos, split: split})
		}
		cur.Reset()
		curPos, edge, split = -1, false, false
	}
	model.Walk(n, func(c *model.Node, entering bool) model.WalkStatus {
		if !entering {
			if c.Kind == model.KindElement && apartText(c) && !unseen(c) {
				edge = true
			}
			return model.WalkContinue
		}
		switch c.Kind {
		case model.KindText:
			parts := strings.Split(c.Text, "\n")
			starts := partStarts(src, c, len(parts))
			for i, p := range parts {
				if i > 0 {
					end()
				}
				if strings.TrimSpace(p) != "" && curPos < 0 {
					curPos = starts[i]
				}
				if w := strings.TrimLeft(p, " \t\r\f\v"); w != "" {
					b := cur.String()
					if before := strings.TrimRight(b, " \t\r\f\v"); edge && before != "" && isDigitByte(before[len(before)-1]) && isDigitByte(w[0]) {
						split = true
						if w == p && isDigitByte(b[len(b)-1]) {
							cur.WriteByte(' ')
						}
					}
					edge = false
				}
				cur.WriteString(p)
			}
		case model.KindLineBreak:
			end()
		case model.KindImage, model.KindError, model.KindRef:
			return model.WalkSkipChildren
		case model.KindElement:
			if unseen(c) {
				return model.WalkSkipChildren
			}
			if apartText(c) {
				edge = true
			}
		}
		return model.WalkContinue
	})
	end()
	return out
}

// sameLines compares splitLines with the reference on every paragraph and
// <pre> block of doc; it returns how many blocks it compared.
func sameLines(t testing.TB, label string, doc *model.Document) int {
	n := 0
	for b := range doc.Root.Descendants() {
		if b.Kind != model.KindParagraph && b.Kind != model.KindPre {
			continue
		}
		n++
		got, want := splitLines(nil, doc.Source, b), splitLinesReference(doc.Source, b)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: block at %d:\nsplitLines %+v\nreference  %+v", label, b.Pos, got, want)
		}
	}
	return n
}

// TestSplitLinesAsReference: splitLines reads every block of the embedded
// corpus, of a generated wiki and of the seeds as the plain reading does.
func TestSplitLinesAsReference(t *testing.T) {
	check := func(label string, c *model.Corpus) {
		blocks := 0
		for _, p := range c.Pages {
			for _, r := range p.Revisions {
				blocks += sameLines(t, label+": "+p.Title, parser.Parse(r.Text, &parser.Options{Title: p.Title}))
			}
		}
		if blocks == 0 {
			t.Errorf("%s: no paragraph compared", label)
		}
	}
	embedded, err := content.New().Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	check("embedded", embedded)
	check("generated", testgen.Corpus(testgen.Options{Pages: 30, Revisions: 3, Seed: 9}))
	t.Run("seeds", func(t *testing.T) { check("seeds", testutil.SeedCorpus(t)) })
}

func FuzzSplitLines(f *testing.F) {
	for _, s := range []string{
		"Late 1\nAbsent  2\n Rude 5 \n",
		"a<br>b<br/>c\n\td\u00a0e",
		strings.Repeat("word ", 50) + "\nShort 1\n" + strings.Repeat("x", 199) + "\n" + strings.Repeat("y", 201),
		"<pre>\n 3 x Card\n\n 2 x  Other\n</pre>",
		"J♦ 10\u2003points\nQ♠ 13\v1",
		"''a'' '''b''' [[x|y]] {{z}}\r\nnext",
		"Royal flush 1&nbsp;000\nGold 10<sup>2</sup>\nAce <span style=\"display:none\">0011</span>11",
		"Players: 2&nbsp;3&nbsp;4\na\xffb 1",
		"Pair 5<sub>1</sub>\nTrips 5<small>1</small>\nFull 5<span style=\"font-size:smaller\">1</span>\nFirst 1<sup>st</sup>\nGold 10<sup>123</sup>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sameLines(t, "fuzz", parser.Parse(src, &parser.Options{Title: "Gamehelpdemo"}))
	})
}

// TestCollapseKeepingGroupsAsFields: but for the spaces that group a
// number's digits, collapseKeepingGroups is strings.Join(strings.Fields(s),
// " "), byte for byte (bytes that are not UTF-8 were written as U+FFFD).
func TestCollapseKeepingGroupsAsFields(t *testing.T) {
	for _, s := range []string{
		"", " ", "a  b", "\ta\u00a0b\n", "J\u2666 10\u2003points", "a\xffb 1", "\xe2\x88 1", "1\u00a02 \xc2", "x\u00a0\xff1",
	} {
		if got, want := collapseKeepingGroups(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapseKeepingGroups(%q) = %q, want %q", s, got, want)
		}
	}
	if s, got := "a\xff 1\u00a0000  \xff", collapseKeepingGroups("a\xff 1\u00a0000  \xff"); got != "a\xff 1\u00a0000 \xff" {
		t.Errorf("collapseKeepingGroups(%q) = %q", s, got)
	}
}
