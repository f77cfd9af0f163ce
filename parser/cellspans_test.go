package parser_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// tableParts returns the source of every caption, row and cell of doc, in
// tree order, with the node.
func tableParts(doc *model.Document) (parts []*model.Node, srcs []string) {
	model.Walk(doc.Root, func(n *model.Node, entering bool) model.WalkStatus {
		if entering && (n.Kind == model.KindCaption || n.Kind == model.KindRow || n.Kind == model.KindCell) {
			parts = append(parts, n)
			srcs = append(srcs, doc.Source[n.Pos:n.End])
		}
		return model.WalkContinue
	})
	return parts, srcs
}

// TestCellSpans: a table's caption, rows and cells span their own
// wikitext: from the part's marker to where its content ends, without
// the line break before the "|-", "|}", "|" or "!" line that closes it,
// the spaces before a "||" or the next part's marker, as a paragraph or
// a heading spans its own. An HTML cell or row left open ends where its
// content does; one closed by its own end tag ends after the tag.
func TestCellSpans(t *testing.T) {
	tpl := parser.NewWikiTemplates()
	tpl.Add("Row", "{{!}} {{{1}}} {{!}}{{!}} {{{2}}}")
	tpl.Add("1x", "{{{1}}}")
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"wikitable", "{| class=\"wikitable\"\n|+ Scores\n! Hand !! Points\n|-\n| Pair  ||  2\n|- style=\"color:red\"\n| Flush\n| 5 <!-- was 4 -->\n|-\n|\n* one\n* two\n| colspan=2 | last\n\n|-\n|\n| style=\"x\" |\n|}\nafter",
			[]string{"|+ Scores", "! Hand !! Points", "! Hand", "!! Points", "| Pair  ||  2", "| Pair", "||  2",
				"| Flush\n| 5 <!-- was 4 -->", "| Flush", "| 5 <!-- was 4 -->",
				"|\n* one\n* two\n| colspan=2 | last", "|\n* one\n* two", "| colspan=2 | last",
				"|\n| style=\"x\" |", "|", "| style=\"x\" |"}},
		{"nested", "{|\n| outer\n{|\n| inner\n|}\n| after\n|}",
			[]string{"| outer\n{|\n| inner\n|}\n| after", "| outer\n{|\n| inner\n|}", "| inner", "| inner", "| after"}},
		{"html", "<table>\n<caption>Scores\n<tr><th>H</th></tr>\n<tr>\n<td>a\n<td>b</td>\n</tr>\n<tr><td>c\n</table>",
			[]string{"<caption>Scores", "<tr><th>H</th></tr>", "<th>H</th>", "<tr>\n<td>a\n<td>b</td>\n</tr>", "<td>a", "<td>b</td>", "<tr><td>c", "<td>c"}},
		{"templates", "{|\n{{Row|a|b}}\n|-\n| {{1x|7}}\n|}",
			[]string{"{{Row|a|b}}", "{{Row|a|b}}", "{{Row|a|b}}", "| {{1x|7}}", "| {{1x|7}}"}},
	} {
		doc := parser.Parse(c.src, &parser.Options{Title: "Spans", WikiTemplates: tpl})
		checkTree(t, c.name, doc)
		parts, got := tableParts(doc)
		if strings.Join(got, "\x00") != strings.Join(c.want, "\x00") {
			t.Errorf("%s: the parts span\n%q\nwant\n%q", c.name, got, c.want)
		}
		// A part a template made all of is still its table's or row's
		// child (a template wrapper around it would hide it from both).
		for _, n := range parts {
			want := model.KindTable
			if n.Kind == model.KindCell {
				want = model.KindRow
			}
			if n.Parent.Kind != want {
				t.Errorf("%s: a %s [%d:%d] is a child of a %s", c.name, n.Kind, n.Pos, n.End, n.Parent.Kind)
			}
		}
	}
}

// TestSeedsCellSpans: no caption, row or cell of the seeds holds the line
// that ends it (a "|-" or "|}" line, a </tr> or </table>, but in a table
// nested in it) or white space at its end.
func TestSeedsCellSpans(t *testing.T) {
	c := testutil.SeedCorpus(t)
	n := 0
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			doc := parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp})
			parts, srcs := tableParts(doc)
			for i, src := range srcs {
				n++
				if msg := partEnds(parts[i], src); msg != "" {
					t.Errorf("%s:%d: a %s %s:\n%s", r.Label(p.Title), doc.Line(parts[i].Pos), parts[i].Kind, msg, src)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no table part in the seeds")
	}
	t.Logf("%d captions, rows and cells", n)
}

// tableTokens are what opens and closes tables and rows: wikitext's at the
// start of a line, HTML's anywhere.
var tableTokens = regexp.MustCompile(`(?im)^[ \t]*:*[ \t]*\{\||^[ \t]*\|\}|^[ \t]*\|-|<table\b|</table\s*>|</tr\s*>`)

// partEnds says what is wrong with the source of a table part: a token
// that ends a row or a table outside the tables nested in it, or white
// space at its end ("" when nothing is).
func partEnds(n *model.Node, src string) string {
	if strings.TrimRight(src, " \t\r\n") != src {
		return "ends in white space"
	}
	own := n.Kind == model.KindRow && regexp.MustCompile(`(?i)</tr\s*>$`).MatchString(src)
	depth := 0
	for _, m := range tableTokens.FindAllStringIndex(src, -1) {
		tok := strings.ToLower(strings.Trim(src[m[0]:m[1]], " \t:"))
		switch {
		case strings.HasPrefix(tok, "{|") || strings.HasPrefix(tok, "<table"):
			depth++
		case depth > 0 && (tok == "|}" || strings.HasPrefix(tok, "</table")):
			depth--
		case depth > 0:
		case own && m[1] == len(src):
		default:
			return "holds " + tok + ", which ends it"
		}
	}
	return ""
}
