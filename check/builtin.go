package check

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// Builtins runs the checks that need no spec: declared totals and the
// arithmetic written in the pages.
func Builtins(g *Game) []Result {
	var out []Result
	for i := range g.Pages {
		pd := &g.Pages[i]
		for _, t := range pd.Tables.Tables {
			if t.DeclaredTotal != nil {
				out = append(out, declaredTotal(g, pd, t))
			}
		}
		if r, ok := arithmetic(g, pd); ok {
			out = append(out, r)
		}
	}
	return out
}

// declaredTotal checks that a count list adds up to the total written
// before it ("108 cards:").
func declaredTotal(g *Game, pd *PageData, t *extract.Table) Result {
	res := Result{Game: g.Slug, ID: "builtin:declared-total:" + t.ID, Table: t.ID, Builtin: true,
		Source: sourceOf(pd, t.Source.Line), Description: "the declared total equals the sum of the list"}
	name, what := t.TotalColumn, "list"
	if name == "" || name == "count" {
		name = "count"
	} else {
		// A table's Total row.
		what = "table"
		res.Description = "the Total row equals the sum of the column " + name
	}
	col := t.Column(name)
	if col < 0 {
		res.Status, res.Message = Error, "the table has no "+name+" column to add up"
		return res
	}
	sum := 0.0
	// Cells that hold something other than a number ("about 3", "varies")
	// are not added; the message says which, so that a failure over a
	// column of mixed cells does not read as an arithmetic slip.
	var skipped []string
	numbers := 0
	for _, r := range t.Rows {
		if col < len(r) {
			if f, ok := numberOf(r[col].Value); ok {
				sum += f
				numbers++
			} else if v := r[col].Value; v != nil && fmt.Sprint(v) != "" {
				skipped = append(skipped, fmt.Sprint(v))
			}
		}
	}
	total, _ := numberOf(t.DeclaredTotal)
	if sum == total {
		res.Status, res.Message = Pass, fmt.Sprintf("the %d rows add up to the declared %s", len(t.Rows), formatNumber(total))
		if len(skipped) > 0 {
			res.Message = fmt.Sprintf("the %d rows with a number add up to the declared %s%s", numbers, formatNumber(total), skippedText(skipped))
		}
	} else {
		res.Status, res.Message = Fail, fmt.Sprintf("the %s says %s in all, but its rows add up to %s", what, formatNumber(total), formatNumber(sum))
		if len(skipped) > 0 {
			res.Message = fmt.Sprintf("the %s says %s in all, but its %d rows with a number add up to %s%s", what, formatNumber(total), numbers, formatNumber(sum), skippedText(skipped))
		}
	}
	return res
}

// skippedText names the cells a sum left out: "; 2 rows are not numbers
// and are not added ("varies", "about 3")", three at most.
func skippedText(cells []string) string {
	rows := "1 row is not a number and is not added"
	if len(cells) > 1 {
		rows = fmt.Sprintf("%d rows are not numbers and are not added", len(cells))
	}
	shown := make([]string, 0, 3)
	for _, c := range cells[:min(len(cells), 3)] {
		shown = append(shown, strconv.Quote(c))
	}
	more := ""
	if len(cells) > 3 {
		more = ", …"
	}
	return "; " + rows + " (" + strings.Join(shown, ", ") + more + ")"
}

func formatNumber(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%g", f)
}

// statement is an equation found in the text.
type statement struct {
	text     string
	left     float64
	right    float64
	line     int
	ok       bool
	leftText string
}

// arithmetic checks the equations written in a page.
func arithmetic(g *Game, pd *PageData) (Result, bool) {
	if pd.Doc == nil {
		return Result{}, false
	}
	var stmts []statement
	model.Walk(pd.Doc.Root, func(n *model.Node, entering bool) model.WalkStatus {
		if !entering {
			return model.WalkContinue
		}
		switch n.Kind {
		case model.KindParagraph, model.KindListItem, model.KindCell, model.KindPre, model.KindCaption:
			// A cell's or item's own text excludes the blocks inside it,
			// which the walk visits on their own: each statement is read
			// once, with its own line.
			// Every statement has an "=", which most blocks have not:
			// their text is not put together (it was a fiftieth of a
			// site build).
			var text string
			if model.PlainTextHas(n, isBlockInside, '=') {
				text = model.PlainTextSkipping(n, isBlockInside)
			}
			for _, s := range findStatements(text) {
				s.line = pd.Doc.Line(n.Pos)
				stmts = append(stmts, s)
			}
			if n.Kind != model.KindListItem && n.Kind != model.KindCell {
				return model.WalkSkipChildren
			}
		}
		return model.WalkContinue
	})
	if len(stmts) == 0 {
		return Result{}, false
	}
	res := Result{Game: g.Slug, ID: "builtin:arithmetic:" + pd.Page.Title, Builtin: true,
		Source: sourceOf(pd, stmts[0].line), Description: "arithmetic written in the page is right"}
	var bad, good []string
	for _, s := range stmts {
		if s.ok {
			good = append(good, fmt.Sprintf("%s (line %d)", s.text, s.line))
			continue
		}
		bad = append(bad, fmt.Sprintf("line %d: %s, but %s is %s", s.line, s.text, s.leftText, formatNumber(s.left)))
		if len(bad) == 1 {
			res.Source.Line = s.line
		}
	}
	if len(bad) > 0 {
		res.Status, res.Message = Fail, strings.Join(bad, "; ")
	} else {
		res.Status, res.Message = Pass, strings.Join(good, "; ")
	}
	return res, true
}

func isBlockInside(c *model.Node) bool {
	switch c.Kind {
	case model.KindList, model.KindTable, model.KindParagraph, model.KindPre:
		return true
	}
	return false
}

type arithToken struct {
	kind  byte // 'n' number, 'o' operator, '=' equals, 'x' anything else
	num   float64
	op    byte
	start int
	end   int
}

// tokenizeArith reads numbers, operators (+ - − × x * ÷ /) and '='.
func tokenizeArith(s string) []arithToken {
	var out []arithToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
				j++
			}
			var f float64
			fmt.Sscan(s[i:j], &f)
			// A number glued to letters ("3rd", "2x") is not a number here.
			if j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') && !(s[j] == 'x' && (j+1 >= len(s) || s[j+1] == ' ')) {
				out = append(out, arithToken{kind: 'x', start: i, end: j})
			} else {
				out = append(out, arithToken{kind: 'n', num: f, start: i, end: j})
			}
			i = j
		case c == '+' || c == '-' || c == '*' || c == '/':
			out = append(out, arithToken{kind: 'o', op: c, start: i, end: i + 1})
			i++
		case c == 'x' && i+1 < len(s) && s[i+1] == ' ' && (i == 0 || s[i-1] == ' '):
			out = append(out, arithToken{kind: 'o', op: '*', start: i, end: i + 1})
			i++
		case c == '=':
			out = append(out, arithToken{kind: '=', start: i, end: i + 1})
			i++
		case strings.HasPrefix(s[i:], "×"):
			out = append(out, arithToken{kind: 'o', op: '*', start: i, end: i + len("×")})
			i += len("×")
		case strings.HasPrefix(s[i:], "−"):
			out = append(out, arithToken{kind: 'o', op: '-', start: i, end: i + len("−")})
			i += len("−")
		case strings.HasPrefix(s[i:], "÷"):
			out = append(out, arithToken{kind: 'o', op: '/', start: i, end: i + len("÷")})
			i += len("÷")
		default:
			j := i + 1
			for j < len(s) && s[j]&0xc0 == 0x80 {
				j++
			}
			out = append(out, arithToken{kind: 'x', start: i, end: j})
			i = j
		}
	}
	return out
}

// findStatements finds "a op b (op c…) = d" in a text.
func findStatements(s string) []statement {
	if !strings.Contains(s, "=") {
		return nil
	}
	toks := tokenizeArith(s)
	var out []statement
	for e, t := range toks {
		if t.kind != '=' || e == 0 || e+1 >= len(toks) || toks[e+1].kind != 'n' {
			continue
		}
		// The right side is one number, not followed by an operator.
		if e+2 < len(toks) && toks[e+2].kind == 'o' {
			continue
		}
		// The left side: number (op number)+ ending at '='.
		k := e - 1
		ops := 0
		for k >= 0 && toks[k].kind == 'n' {
			if k-1 >= 0 && toks[k-1].kind == 'o' && k-2 >= 0 && toks[k-2].kind == 'n' {
				k -= 2
				ops++
				continue
			}
			break
		}
		if ops == 0 || k < 0 || toks[k].kind != 'n' {
			continue
		}
		// A leading sign belongs to the first number.
		left, ok := evalArith(toks[k:e])
		if !ok {
			continue
		}
		right := toks[e+1].num
		st := statement{
			text:     strings.TrimSpace(s[toks[k].start:toks[e+1].end]),
			leftText: strings.TrimSpace(s[toks[k].start:toks[e-1].end]),
			left:     left, right: right,
			ok: math.Abs(left-right) < 1e-9*math.Max(1, math.Abs(right)),
		}
		out = append(out, st)
	}
	return out
}

// evalArith evaluates numbers and operators with × and ÷ before + and −.
func evalArith(toks []arithToken) (float64, bool) {
	var terms []float64
	var signs []float64
	cur := toks[0].num
	sign := 1.0
	for i := 1; i+1 < len(toks); i += 2 {
		op, n := toks[i].op, toks[i+1].num
		switch op {
		case '*':
			cur *= n
		case '/':
			if n == 0 {
				return 0, false
			}
			cur /= n
		case '+', '-':
			terms = append(terms, cur)
			signs = append(signs, sign)
			cur = n
			sign = 1
			if op == '-' {
				sign = -1
			}
		}
	}
	terms = append(terms, cur)
	signs = append(signs, sign)
	total := 0.0
	for i, t := range terms {
		total += signs[i] * t
	}
	return total, true
}
