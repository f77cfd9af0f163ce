package check

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/suggest"
	"github.com/wikirules/wikirules/model"
)

// Status of a check.
type Status string

const (
	Pass  Status = "PASS"
	Fail  Status = "FAIL"
	Error Status = "ERROR"
)

// Source locates what a result is about in the wiki.
type Source struct {
	Page     string `json:"page"`
	Revision string `json:"revision"`
	Line     int    `json:"line"`
}

// Result is the outcome of one check.
type Result struct {
	Game    string `json:"game"`
	ID      string `json:"id"`
	Table   string `json:"table"`
	Status  Status `json:"status"`
	Message string `json:"message"`
	Source  Source `json:"source"`
	// Spec is where the check is written ("checks/sushigo.yaml:7"); empty
	// for built-in checks.
	Spec        string `json:"spec,omitempty"`
	Description string `json:"description,omitempty"`
	Builtin     bool   `json:"builtin,omitempty"`
	// Used are the wiki cells and engine constants the check read, each
	// with where it is written, in the order read.
	Used []Origin `json:"used,omitempty"`
	// TableNow is the id the table named by Table has in the revision
	// checked, when the spec names an id the table had before a rename
	// (PageData.Renamed): the check ran on it.
	TableNow string `json:"table_now,omitempty"`
}

// PageData is one page of a game at one revision: its tables and its tree
// (for the built-in arithmetic check).
type PageData struct {
	Page   *model.Page
	Rev    *model.Revision
	Doc    *model.Document
	Tables *extract.PageTables
	// Renamed maps ids the page's tables had in earlier revisions to the
	// ids they have in this one, for whoever followed the page's history
	// (nil: no rename known). A check naming an old id runs on the table
	// under its new id, and says so (Result.TableNow).
	Renamed map[string]string
}

// Game is what the checks of one game run on.
type Game struct {
	Slug   string
	Pages  []PageData
	Engine map[string]any // nil when the spec names no engine file
	// Constants is the engine file Engine was read from, with the line of
	// each value (nil when unknown).
	Constants *Engine
	// EngineErr is set when the engine file could not be read; checks
	// that need it report ERROR.
	EngineErr error
}

// table finds a table by id in the game's pages, and the page it is on;
// failing that, a table that had the id before a rename.
func (g *Game) table(id string) (*extract.Table, *PageData) {
	for i := range g.Pages {
		if t := g.Pages[i].Tables.Table(id); t != nil {
			return t, &g.Pages[i]
		}
	}
	for i := range g.Pages {
		if now, ok := g.Pages[i].Renamed[id]; ok {
			if t := g.Pages[i].Tables.Table(now); t != nil {
				return t, &g.Pages[i]
			}
		}
	}
	// An id a tips page's table had before its ids took the "tips" part
	// (extract.IDPrefix): the table it names now, reported as renamed.
	for i := range g.Pages {
		pd := &g.Pages[i]
		if pd.Page == nil || pd.Page.Kind != model.PageTips || pd.Tables == nil {
			continue
		}
		prefix := extract.IDPrefix(pd.Page) + "/"
		if rest, ok := strings.CutPrefix(id, pd.Page.Game+"/"); ok && !strings.HasPrefix(id, prefix) {
			if t := pd.Tables.Table(prefix + rest); t != nil {
				return t, pd
			}
		}
	}
	return nil, nil
}

func (g *Game) tableIDs() []string {
	var ids []string
	for _, p := range g.Pages {
		for _, t := range p.Tables.Tables {
			ids = append(ids, t.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

// Run runs a spec's checks and the built-in checks on a game.
func Run(spec *Spec, g *Game) []Result {
	var out []Result
	if spec != nil {
		for _, c := range spec.Checks {
			out = append(out, c.run(g))
		}
	}
	return append(out, Builtins(g)...)
}

func (c *Check) base(g *Game) Result {
	return Result{Game: g.Slug, ID: c.ID, Table: c.Table, Spec: fmt.Sprintf("%s:%d", c.spec.File, c.Line), Description: c.Description}
}

func sourceOf(pd *PageData, line int) Source {
	s := Source{Line: line}
	if pd != nil {
		s.Page = pd.Page.Title
		if pd.Rev != nil {
			s.Revision = model.FormatTime(pd.Rev.Timestamp)
		}
	}
	return s
}

func (c *Check) run(g *Game) (res Result) {
	res = c.base(g)
	defer func() {
		// A check never takes the run down: a panic in a helper is an
		// error of this check.
		if r := recover(); r != nil {
			res.Status, res.Message = Error, fmt.Sprint("check failed to run: ", r)
		}
	}()
	var t *extract.Table
	var pd *PageData
	if c.Table != "" {
		t, pd = g.table(c.Table)
		if t == nil {
			res.Status = Error
			ids := g.tableIDs()
			if len(ids) == 0 {
				res.Message = fmt.Sprintf("unknown table id %q (the pages of %s have no table)", c.Table, g.Slug)
				return res
			}
			res.Message = fmt.Sprintf("unknown table id %q%s (tables of %s: %s)", c.Table,
				suggest.DidYouMean(quoteAll(suggest.Nearest(c.Table, ids, 3))), g.Slug, strings.Join(ids, ", "))
			return res
		}
		res.Source = sourceOf(pd, t.Source.Line)
		if t.ID != c.Table {
			res.TableNow = t.ID
		}
	} else if len(g.Pages) > 0 {
		res.Source = sourceOf(&g.Pages[0], 0)
	}
	if c.Match != nil {
		return c.match(res, g, t, pd)
	}
	acc := newAccess(g)
	env := map[string]any{
		"rows":    []any{},
		"table":   map[string]any{},
		"tables":  tablesEnv(g, acc),
		"engine":  g.Engine,
		"page":    map[string]any{},
		accessVar: acc,
	}
	if g.Engine == nil {
		none := map[string]any{}
		env["engine"] = none
		acc.noEngine, acc.specFile = mapID(none), c.spec.File
	}
	if t != nil {
		tm := tableEnv(t, pd, acc)
		env["table"] = tm
		env["rows"] = tm["rows"]
		env["page"] = pageEnv(pd)
	}
	if g.EngineErr != nil && strings.Contains(c.Expr, "engine") {
		res.Status, res.Message = Error, g.EngineErr.Error()
		return res
	}
	v, err := expr.Run(c.program, env)
	res.Used = acc.used
	if acc.missing != nil {
		// A name that is not there: the spec is wrong, whatever the
		// expression made of the missing value.
		res.Status, res.Message = Error, acc.missing.Error()
		return res
	}
	if err != nil {
		res.Status, res.Message = Error, oneLine(err.Error())
		return res
	}
	ok, isBool := v.(bool)
	switch {
	case !isBool:
		res.Status, res.Message = Error, fmt.Sprintf("expr must be true or false, gave %v", v)
	case ok:
		res.Status, res.Message = Pass, c.Expr
	default:
		res.Status, res.Message = Fail, "false: "+c.Expr
		if c.left != nil {
			lv, err1 := expr.Run(c.left, env)
			rv, err2 := expr.Run(c.right, env)
			if err1 == nil && err2 == nil {
				res.Message += fmt.Sprintf(" (left side %s, right side %s)", formatValue(lv), formatValue(rv))
			}
		}
	}
	return res
}

// match compares a table column with engine values row by row.
func (c *Check) match(res Result, g *Game, t *extract.Table, pd *PageData) Result {
	m := c.Match
	if g.EngineErr != nil {
		res.Status, res.Message = Error, g.EngineErr.Error()
		return res
	}
	if g.Engine == nil {
		res.Status, res.Message = Error, "no engine constants loaded for "+g.Slug
		return res
	}
	ki, vi := t.Column(m.Key), t.Column(m.Value)
	for _, col := range []string{m.Key, m.Value} {
		if t.Column(col) < 0 {
			res.Status = Error
			res.Message = fmt.Sprintf("match: table %s has no column %q%s; its columns are %s", t.ID, col,
				suggest.DidYouMean(quoteAll(suggest.Nearest(col, t.Columns, 3))), listOf(quoteAll(t.Columns)))
			return res
		}
	}
	engine, err := engineMap(g.Engine, m, g.Constants)
	if err != nil {
		res.Status, res.Message = Error, err.Error()
		if _, located := err.(*model.Msg); !located && g.Constants != nil {
			res.Message += " (" + g.Constants.File + ")"
		}
		return res
	}
	used := func(name string, wiki any, wikiLine int, ev engineEntry) {
		res.Used = append(res.Used, Origin{Side: "wiki", Name: name + " → " + m.Value, Value: wiki, Where: wikiWhere(pd, wikiLine)})
		if ev.path != "" {
			o := Origin{Side: "engine", Name: "engine." + ev.path, Value: ev.value, Where: ""}
			if g.Constants != nil {
				o.Where = g.Constants.Where(ev.path)
			}
			res.Used = append(res.Used, o)
		}
	}
	var problems []string
	seen := map[string]bool{}
	line := t.Source.Line
	for _, r := range t.Rows {
		if ki >= len(r) || vi >= len(r) {
			continue
		}
		name := strings.TrimSpace(r[ki].Text)
		key := normKey(name)
		seen[key] = true
		wiki := r[vi].Value
		rowLine := line
		if pd != nil && pd.Doc != nil && r[vi].Pos > 0 {
			rowLine = pd.Doc.Line(r[vi].Pos)
		}
		ev, ok := engine[key]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: the wiki has %s (line %d), the engine has no %s", name, formatValue(wiki), rowLine, name))
			if res.Source.Line == line {
				res.Source.Line = rowLine
			}
			used(name, wiki, rowLine, engineEntry{})
			continue
		}
		if !equalValues(wiki, ev.value) {
			problems = append(problems, fmt.Sprintf("%s: the wiki says %s (line %d), the engine says %s", name, formatValue(wiki), rowLine, formatValue(ev.value)))
			if res.Source.Line == line {
				res.Source.Line = rowLine
			}
			used(name, wiki, rowLine, ev)
		}
	}
	var missing []string
	var missingUsed []Origin
	for k, ev := range engine {
		if !seen[k] {
			missing = append(missing, fmt.Sprintf("%s: the engine has %s, the wiki table has no such row", ev.name, formatValue(ev.value)))
			o := Origin{Side: "engine", Name: "engine." + ev.path, Value: ev.value}
			if g.Constants != nil {
				o.Where = g.Constants.Where(ev.path)
			}
			missingUsed = append(missingUsed, o)
		}
	}
	sort.Slice(missingUsed, func(i, j int) bool { return missingUsed[i].Name < missingUsed[j].Name })
	res.Used = append(res.Used, missingUsed...)
	sort.Strings(missing)
	problems = append(problems, missing...)
	if len(problems) > 0 {
		res.Status = Fail
		res.Message = strings.Join(problems, "; ")
		return res
	}
	res.Status = Pass
	res.Message = fmt.Sprintf("%d rows of %s match engine.%s", len(t.Rows), m.Value, m.Engine)
	return res
}

type engineEntry struct {
	name  string
	value any
	path  string // the value's path in the engine constants
}

// engineMap reads the engine value a match compares with, as name → value.
func engineMap(engine map[string]any, m *Match, e *Engine) (map[string]engineEntry, error) {
	var cur any = engine
	at := ""
	// Game::CARD_TYPES names a class constant as PHP does: Game.CARD_TYPES
	// (and Game::$X a static property: Game.X).
	for _, part := range strings.Split(strings.ReplaceAll(m.Engine, "::", "."), ".") {
		if u, ok := cur.(*Unreadable); ok {
			return nil, u.error(at)
		}
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("engine.%s: %q is not a map", m.Engine, part)
		}
		if strings.HasPrefix(part, "$") {
			if name := e.staticName(at, part); name != "" {
				part = name
			}
		}
		cur, ok = mm[part]
		if !ok {
			keys := make([]string, 0, len(mm))
			for k := range mm {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			what := "engine"
			if at != "" {
				what = "engine." + at
			}
			return nil, fmt.Errorf("match: engine: %s: %s has no %q%s; it has %s", m.Engine, what, part,
				suggest.DidYouMean(quoteAll(suggest.Nearest(part, keys, 3))), listOf(quoteAll(keys)))
		}
		at = joinPath(at, part)
	}
	// Every value of the map is compared: one the reader could not read
	// is an error of the check.
	if u, inner := findExported(cur); u != nil {
		return nil, u.error(subPath(at, inner))
	}
	out := map[string]engineEntry{}
	add := func(name string, v any, path string) {
		out[normKey(name)] = engineEntry{name: name, value: v, path: path}
	}
	record := func(rec any, path string) error {
		r, ok := rec.(map[string]any)
		if !ok || m.EngineKey == "" || m.EngineValue == "" {
			return fmt.Errorf("engine.%s holds records: give engine_key and engine_value in match:", m.Engine)
		}
		for _, f := range []string{m.EngineKey, m.EngineValue} {
			if _, ok := r[f]; !ok {
				keys := make([]string, 0, len(r))
				for k := range r {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				return fmt.Errorf("match: engine.%s has no field %q%s; its fields are %s", path, f,
					suggest.DidYouMean(quoteAll(suggest.Nearest(f, keys, 3))), listOf(quoteAll(keys)))
			}
		}
		add(fmt.Sprint(r[m.EngineKey]), r[m.EngineValue], joinPath(path, m.EngineValue))
		return nil
	}
	switch x := cur.(type) {
	case map[string]any:
		for k, v := range x {
			if _, isRec := v.(map[string]any); isRec {
				if err := record(v, joinPath(at, k)); err != nil {
					return nil, err
				}
				continue
			}
			add(k, v, joinPath(at, k))
		}
	case []any:
		for i, v := range x {
			if err := record(v, joinPath(at, strconv.Itoa(i))); err != nil {
				return nil, err
			}
		}
	default:
		return nil, fmt.Errorf("engine.%s is %v, not a map of values", m.Engine, cur)
	}
	return out, nil
}

func normKey(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

func equalValues(a, b any) bool {
	fa, aNum := numberOf(a)
	fb, bNum := numberOf(b)
	if aNum && bNum {
		return fa == fb
	}
	return normKey(fmt.Sprint(a)) == normKey(fmt.Sprint(b))
}

func numberOf(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	case float64:
		return x, true
	case string:
		if n, ok := extract.ParseNumber(x); ok {
			return numberOf(n)
		}
	}
	return 0, false
}

func formatValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "nothing"
	case string:
		return strconv.Quote(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprint(v)
}

// toNumber is the num() helper: a number, or the number a text starts
// with ("5 or more" → 5).
func toNumber(v any) (float64, error) {
	if f, ok := numberOf(v); ok {
		return f, nil
	}
	if s, ok := v.(string); ok {
		if f := strings.Fields(s); len(f) > 0 {
			if n, ok := extract.ParseNumber(f[0]); ok {
				if x, ok := numberOf(n); ok {
					return x, nil
				}
			}
		}
	}
	return math.NaN(), fmt.Errorf("num(%v): not a number", formatValue(v))
}

// index is the index() helper: rows by the text of a column.
func index(rows any, column any) (map[string]any, error) {
	list, ok := rows.([]any)
	if !ok {
		return nil, fmt.Errorf("index: expected rows (rows, table.rows, tables[\"…\"].rows), got %s", kindOf(rows))
	}
	col := fmt.Sprint(column)
	out := map[string]any{}
	for _, r := range list {
		m, ok := r.(map[string]any)
		if !ok {
			continue
		}
		v, ok := m[col]
		if !ok {
			// A misspelt column: every row would be filed under nothing.
			cols := make([]string, 0, len(m))
			for k := range m {
				cols = append(cols, k)
			}
			sort.Strings(cols)
			return nil, fmt.Errorf("index(rows, %q): the rows have no column %q%s; their columns are %s", col, col,
				suggest.DidYouMean(quoteAll(suggest.Nearest(col, cols, 3))), listOf(quoteAll(cols)))
		}
		out[fmt.Sprint(v)] = m
	}
	return out, nil
}

// kindOf names the kind of a value for a message: "a map", "a number", …
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "nothing"
	case map[string]any:
		return "a map"
	case []any:
		return "a list"
	case string:
		return "a text"
	case bool:
		return "true or false"
	}
	if _, ok := numberOf(v); ok {
		return "a number"
	}
	return fmt.Sprintf("%T", v)
}

func rowValue(v any) any {
	if i, ok := v.(int64); ok {
		return int(i)
	}
	return v
}

// tableEnv is a table as expressions see it; acc learns which table row
// each row map is.
func tableEnv(t *extract.Table, pd *PageData, acc *access) map[string]any {
	rows := make([]any, 0, len(t.Rows))
	for ri, r := range t.Rows {
		m := make(map[string]any, len(t.Columns))
		if acc != nil {
			acc.rows[mapID(m)] = rowRef{t: t, pd: pd, row: ri}
		}
		for i, c := range t.Columns {
			if i < len(r) {
				m[c] = rowValue(r[i].Value)
			} else {
				m[c] = nil
			}
		}
		rows = append(rows, m)
	}
	cols := make([]any, len(t.Columns))
	for i, c := range t.Columns {
		cols[i] = c
	}
	return map[string]any{
		"id": t.ID, "title": t.Title, "kind": t.Kind.String(), "columns": cols, "rows": rows,
		"declared_total": rowValue(t.DeclaredTotal), "total_column": t.TotalColumn, "line": t.Source.Line,
	}
}

func tablesEnv(g *Game, acc *access) map[string]any {
	out := map[string]any{}
	for i := range g.Pages {
		for _, t := range g.Pages[i].Tables.Tables {
			out[t.ID] = tableEnv(t, &g.Pages[i], acc)
		}
	}
	return out
}

func pageEnv(pd *PageData) map[string]any {
	if pd == nil {
		return map[string]any{}
	}
	m := map[string]any{"title": pd.Page.Title, "game": pd.Page.Game}
	if pd.Rev != nil {
		m["revision"] = model.FormatTime(pd.Rev.Timestamp)
		m["author"] = pd.Rev.Author
	}
	return m
}
