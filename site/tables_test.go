package site_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/wiki"
)

// TestRuleTablesMatchYAML: every rule table of a rules page shows exactly
// the values of the YAML file beside it (numbers as numbers, not the text
// they were read from: "1", not "66 1 /"), on the embedded corpus and on
// every seed page.
func TestRuleTablesMatchYAML(t *testing.T) {
	t.Parallel()
	c, opts := embedded(t)
	sites := []struct {
		name string
		c    *model.Corpus
		o    site.Options
	}{{"embedded", c, opts}}
	if shared.Has("seeds") {
		sites = append(sites, struct {
			name string
			c    *model.Corpus
			o    site.Options
		}{"seeds", testutil.SeedCorpus(t), site.Options{Version: "test"}})
	} else {
		t.Log("../shared is absent: the seeds' tables are not compared")
	}
	for _, s := range sites {
		out := filepath.Join(t.TempDir(), "public")
		build(t, s.c, s.o, out)
		all := files(t, out)
		pages, tables := 0, 0
		forms := map[string]bool{}
		for p, data := range all {
			if !regexp.MustCompile(`^games/[^/]+/rules/index\.html$`).MatchString(p) {
				continue
			}
			shown, err := tablesShown(data)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if err := compareTables(p, shown, all); err != nil {
				t.Errorf("%s: %v", s.name, err)
			}
			pages++
			tables += len(shown)
			for _, m := range regexp.MustCompile(`· from ([a-zA-Z ]+) on`).FindAllStringSubmatch(string(data), -1) {
				forms[m[1]] = true
			}
		}
		if tables == 0 {
			t.Errorf("%s: no rule table compared", s.name)
		}
		var fs []string
		for f := range forms {
			fs = append(fs, f)
		}
		sort.Strings(fs)
		t.Logf("%s: %d tables on %d pages match their YAML (from %s)", s.name, tables, pages, strings.Join(fs, ", "))
	}
}

// tablesShown reads the rule tables of a rules page: each section's id,
// the table's column headings and its cells' own text (not the text of
// elements inside a cell, such as a blame link).
func tablesShown(data []byte) ([]shownTable, error) {
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var out []shownTable
	var walk func(n *html.Node, cur *shownTable, part string)
	walk = func(n *html.Node, cur *shownTable, part string) {
		if n.Type == html.ElementNode {
			switch {
			case n.Data == "section" && hasClass(n, "rule-table"):
				out = append(out, shownTable{ID: attr(n, "id")})
				cur = &out[len(out)-1]
			case n.Data == "thead" || n.Data == "tbody":
				part = n.Data
			case cur != nil && n.Data == "th" && part == "thead":
				cur.Columns = append(cur.Columns, strings.TrimSpace(textOf(n)))
				return
			case cur != nil && n.Data == "tr" && part == "tbody":
				cur.Rows = append(cur.Rows, nil)
			case cur != nil && n.Data == "td" && part == "tbody":
				var own strings.Builder
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == html.TextNode {
						own.WriteString(c.Data)
					}
				}
				cur.Rows[len(cur.Rows)-1] = append(cur.Rows[len(cur.Rows)-1], own.String())
				return
			case n.Data == "details":
				return // the YAML
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, cur, part)
		}
	}
	walk(doc, nil, "")
	return out, nil
}

func hasClass(n *html.Node, class string) bool {
	for _, f := range strings.Fields(attr(n, "class")) {
		if f == class {
			return true
		}
	}
	return false
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// compareTables compares the tables a rules page shows with the YAML file
// beside it: the same tables, columns and rows, each cell the value as the
// YAML holds it (null as an empty cell).
func compareTables(page string, shown []shownTable, all map[string][]byte) error {
	dir := path.Dir(page)
	var yamlFile string
	for p := range all {
		if path.Dir(p) == dir && strings.HasSuffix(p, ".yaml") {
			yamlFile = p
		}
	}
	if yamlFile == "" {
		if len(shown) == 0 {
			return nil
		}
		return fmt.Errorf("%s: %d tables but no YAML beside them", page, len(shown))
	}
	want := map[string]shownTable{}
	var order []string
	dec := yaml.NewDecoder(bytes.NewReader(all[yamlFile]))
	for {
		var d struct {
			Tables []struct {
				ID      string           `yaml:"id"`
				Columns []string         `yaml:"columns"`
				Rows    []map[string]any `yaml:"rows"`
			} `yaml:"tables"`
		}
		if err := dec.Decode(&d); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return fmt.Errorf("%s: %v", yamlFile, err)
		}
		for _, tb := range d.Tables {
			st := shownTable{ID: "t-" + strings.ReplaceAll(tb.ID, "/", "-"), Columns: tb.Columns}
			for _, r := range tb.Rows {
				var row []string
				for _, c := range tb.Columns {
					row = append(row, yamlValue(r[c]))
				}
				st.Rows = append(st.Rows, row)
			}
			want[st.ID] = st
			order = append(order, st.ID)
		}
	}
	var problems []string
	if len(shown) != len(want) {
		problems = append(problems, fmt.Sprintf("%d tables shown, %d in %s", len(shown), len(want), yamlFile))
	}
	for _, s := range shown {
		w, ok := want[s.ID]
		if !ok {
			problems = append(problems, fmt.Sprintf("table %s is not in %s", s.ID, yamlFile))
			continue
		}
		if strings.Join(s.Columns, "\x00") != strings.Join(w.Columns, "\x00") {
			problems = append(problems, fmt.Sprintf("%s: columns %q, the YAML's %q", s.ID, s.Columns, w.Columns))
		}
		if len(s.Rows) != len(w.Rows) {
			problems = append(problems, fmt.Sprintf("%s: %d rows, the YAML's %d", s.ID, len(s.Rows), len(w.Rows)))
			continue
		}
		for i := range s.Rows {
			if strings.Join(s.Rows[i], "\x00") != strings.Join(w.Rows[i], "\x00") {
				problems = append(problems, fmt.Sprintf("%s row %d: shows %q, the YAML holds %q", s.ID, i+1, s.Rows[i], w.Rows[i]))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s:\n  %s", page, strings.Join(problems, "\n  "))
	}
	return nil
}

// yamlValue writes a YAML value as the page must show it.
func yamlValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

// TestTableLinksAfterOutermostBlock: a rule table's links to its data and
// checks follow the outermost table, list, paragraph or <pre> that holds
// the table's end, never inside a layout table around it.
func TestTableLinksAfterOutermostBlock(t *testing.T) {
	page := "Rules.\n== Scoring ==\n{| class=\"wikitable\"\n! Card !! Points\n|-\n| Ace || 11\n|}\nText after.\n\n" +
		"== Layout ==\n{|\n| Left\n|\n{| class=\"wikitable\"\n! Card !! Value\n|-\n| King || 4\n|}\nmore\n|-\n| row || two\n|}\n\n* x\n* y\n"
	in := feedOf(t, [4]string{"Gamehelpdemo", "2024-01-01T00:00:00Z", "A: s", page})
	all := buildWiki(t, wiki.Config{Inputs: []string{in}}, site.Options{})
	var body string
	for p, data := range all {
		if strings.HasPrefix(p, "games/") && strings.HasSuffix(p, "/index.html") && strings.Contains(string(data), "table-links") {
			body = string(data)
		}
	}
	parts := strings.Split(body, `<p class="table-links">`)
	// The layout table is a rule table too: three tables' links.
	if len(parts) != 4 {
		t.Fatalf("want the links of 3 rule tables on the game's page, got %d", len(parts)-1)
	}
	before := ""
	for i, part := range parts[:3] {
		before += part
		if open, closed := strings.Count(before, "<table"), strings.Count(before, "</table>"); open != closed {
			t.Errorf("the links of rule table %d come after %d tables opened and %d closed", i+1, open, closed)
		}
	}
	if n := strings.Count(parts[0], "<table"); n != 1 {
		t.Errorf("the first table's links come after %d tables, want 1", n)
	}
	if n := strings.Count(parts[1], "</table>"); n != 2 {
		t.Errorf("the second table's links come after %d table ends, want 2 (the rule table and the layout table around it)", n)
	}
}
