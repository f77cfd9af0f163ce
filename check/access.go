package check

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/suggest"
	"github.com/wikirules/wikirules/model"
)

// Every member access of a check's expression (rows[0].count, .count,
// engine.deck.wasabi, index(rows, "Card")["Q♠"]) is compiled into a call of
// memberFunc, which reads the value strictly and notes where it came from:
//
//   - a name that is not there (a misspelt column, an engine key the
//     engine does not have) is a spec error naming it and the nearest
//     existing name, where expr itself would read nil and go on to a
//     confusing "<nil> + int" or a false comparison;
//   - a value read from a table cell or an engine constant is recorded
//     with its place (page@revision:line, engine file:line), so a failing
//     check can say which values it compared and where they are written.
//
// The accesses a user marks optional are left as expr reads them: a?.b,
// and the left side of a ?? default.
const (
	memberFunc   = "__member"
	accessVar    = "__access"
	equalFunc    = "__equal"
	readableFunc = "__readable"
)

// strictMembers is the expr patch that turns member accesses into
// memberFunc calls. expr walks the tree children first, so the object of
// an access is already patched when the access is visited.
type strictMembers struct {
	orig map[*ast.CallNode]*ast.MemberNode
	desc map[ast.Node]string
	// readable are the readableFunc calls made.
	readable map[*ast.CallNode]bool
}

func newStrictMembers() *strictMembers {
	return &strictMembers{orig: map[*ast.CallNode]*ast.MemberNode{}, desc: map[ast.Node]string{}, readable: map[*ast.CallNode]bool{}}
}

func (v *strictMembers) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.MemberNode:
		if n.Optional || n.Method {
			return
		}
		// The last access of a chain (final) reads the value itself: a
		// map or a list that holds an engine value the reader could not
		// read is an error there, and not on the way to another value.
		call := &ast.CallNode{
			Callee:    &ast.IdentifierNode{Value: memberFunc},
			Arguments: []ast.Node{&ast.IdentifierNode{Value: accessVar}, n.Node, n.Property, &ast.StringNode{Value: v.describe(n.Node)}, &ast.BoolNode{Value: true}},
		}
		if inner, ok := n.Node.(*ast.CallNode); ok && v.orig[inner] != nil {
			inner.Arguments[4] = &ast.BoolNode{Value: false}
		}
		v.orig[call] = n
		v.desc[call] = v.describeMember(n)
		ast.Patch(node, call)
	case *ast.ChainNode:
		// a?.b: read as expr reads it, but never an unreadable value.
		v.wrapReadable(node)
	case *ast.BinaryNode:
		if n.Operator == "==" || n.Operator == "!=" {
			// A number compared with a text is a mistake of the spec
			// (a column read as text, a quoted number), which expr
			// would answer with a quiet false.
			ast.Patch(node, &ast.CallNode{
				Callee:    &ast.IdentifierNode{Value: equalFunc},
				Arguments: []ast.Node{n.Left, n.Right, &ast.StringNode{Value: n.Operator}},
			})
			return
		}
		if n.Operator != "??" {
			return
		}
		// x ?? default: a missing x is expected (but not an
		// unreadable one).
		left := n.Left
		if w, ok := left.(*ast.CallNode); ok && v.readable[w] {
			left = w.Arguments[1]
		}
		var chain *ast.ChainNode
		if ch, ok := left.(*ast.ChainNode); ok {
			chain, left = ch, ch.Node
		}
		c, ok := left.(*ast.CallNode)
		if !ok || v.orig[c] == nil {
			return
		}
		if chain != nil {
			chain.Node = v.orig[c] // the chain is read by readableFunc already
		} else {
			n.Left = v.orig[c]
			v.wrapReadable(&n.Left)
		}
	}
}

// wrapReadable makes *node readableFunc(access, *node, description).
func (v *strictMembers) wrapReadable(node *ast.Node) {
	call := &ast.CallNode{
		Callee:    &ast.IdentifierNode{Value: readableFunc},
		Arguments: []ast.Node{&ast.IdentifierNode{Value: accessVar}, *node, &ast.StringNode{Value: v.describe(*node)}},
	}
	v.readable[call] = true
	ast.Patch(node, call)
}

// describe is how an expression reads in a message.
func (v *strictMembers) describe(n ast.Node) string {
	if d, ok := v.desc[n]; ok {
		return d
	}
	if p, ok := n.(*ast.PointerNode); ok && p.Name == "" {
		return "#"
	}
	return n.String()
}

func (v *strictMembers) describeMember(n *ast.MemberNode) string {
	obj := v.describe(n.Node)
	if s, ok := n.Property.(*ast.StringNode); ok && isIdent(s.Value) {
		if obj == "#" {
			return "." + s.Value
		}
		return obj + "." + s.Value
	}
	return obj + "[" + v.describe(n.Property) + "]"
}

func isIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// Origin is a value a check read and where it is written: a cell of a wiki
// table or an engine constant.
type Origin struct {
	// Side is "wiki" or "engine".
	Side string `json:"side"`
	// Name says which value: "Q♠ → Points" (row → column) or
	// "engine.points.queen_of_spades".
	Name  string `json:"name"`
	Value any    `json:"value"`
	// Where is "Page@revision:line" or "engine-file:line".
	Where string `json:"where"`
}

// String is "Name = value (where)".
func (o Origin) String() string {
	return fmt.Sprintf("%s = %s (%s)", o.Name, formatValue(o.Value), o.Where)
}

// access is one run of a check: the maps its environment is made of, and
// what the run read.
type access struct {
	g    *Game
	rows map[uintptr]rowRef
	used []Origin
	seen map[string]bool
	// missing is the first name the expression asked for that is not
	// there: a mistake in the spec.
	missing error
	// noEngine is the empty engine map of a spec without engine: (0
	// when it has one), and specFile the spec, to say so.
	noEngine uintptr
	specFile string
}

// rowRef says which table row a row map of the environment is.
type rowRef struct {
	t   *extract.Table
	pd  *PageData
	row int
}

func newAccess(g *Game) *access {
	return &access{g: g, rows: map[uintptr]rowRef{}, seen: map[string]bool{}}
}

func mapID(m map[string]any) uintptr { return reflect.ValueOf(m).Pointer() }

// member is memberFunc: obj[prop], strictly. final is false on the way
// to another access (engine.deck of engine.deck.red).
func member(args ...any) (any, error) {
	acc, _ := args[0].(*access)
	obj, prop := args[1], args[2]
	desc, _ := args[3].(string)
	final, _ := args[4].(bool)
	m, isMap := obj.(map[string]any)
	if !isMap {
		v, err := fetch(obj, prop, desc)
		if err == nil {
			err = acc.unreadable(v, fmt.Sprintf("%s[%v]", desc, prop), final)
		}
		return v, err
	}
	key, ok := prop.(string)
	if !ok {
		key = fmt.Sprint(prop) // engine.suits[1]: PHP array keys are read as text
	}
	v, ok := m[key]
	if !ok {
		// engine["Game::HAND_SIZE"]: a class constant as PHP names it.
		if class, name, isClass := strings.Cut(key, "::"); isClass && acc.isEngine(m) {
			if strings.HasPrefix(name, "$") {
				// Game::$X, a static property: Game.X (Game.$X beside
				// a constant X).
				name = acc.g.Constants.staticName(class, name)
			}
			if cm, isMap := m[class].(map[string]any); isMap && name != "" {
				if v, ok = cm[name]; ok {
					m, key = cm, name
				}
			}
		}
	}
	if !ok {
		err := acc.miss(m, key, desc)
		if acc != nil && acc.missing == nil {
			acc.missing = err
		}
		return nil, err
	}
	if err := acc.unreadable(v, acc.enginePath(m, key), final); err != nil {
		return nil, err
	}
	if acc != nil {
		acc.note(m, key, v)
	}
	return v, nil
}

// readable is readableFunc: v as it is, but an engine value that could
// not be read (or a map or list that holds one) is an error.
func readable(args ...any) (any, error) {
	acc, _ := args[0].(*access)
	desc, _ := args[2].(string)
	return args[1], acc.unreadable(args[1], strings.TrimPrefix(desc, "engine."), true)
}

// isEngine reports whether m is the engine's map of constants.
func (a *access) isEngine(m map[string]any) bool {
	if a == nil || a.g == nil {
		return false
	}
	p, ok := a.g.Constants.pathOf(m)
	return ok && p == ""
}

// enginePath is the path of m[key] in the engine constants ("" when m is
// not of the engine).
func (a *access) enginePath(m map[string]any, key string) string {
	if a == nil || a.g == nil {
		return ""
	}
	if p, ok := a.g.Constants.pathOf(m); ok {
		return joinPath(p, key)
	}
	return ""
}

// unreadable is the error of reading v, when v is an engine value the
// reader could not read (path names it) or, final, a map or a list that
// holds one.
func (a *access) unreadable(v any, path string, final bool) error {
	var err error
	if u, ok := v.(*Unreadable); ok {
		err = u.error(path)
	} else if final && a != nil && a.g != nil && a.g.Constants != nil {
		if u, inner := a.g.Constants.unreadableIn(v); u != nil {
			err = u.error(subPath(path, inner))
		}
	}
	if err != nil && a != nil && a.missing == nil {
		a.missing = err
	}
	return err
}

// equal is equalFunc: a == b, or a != b, as expr compares them, but a
// number compared with a text that reads as a number ("4", a quoted
// engine value) is an error: they are never equal, which is not what the
// spec means. A number compared with a word ("none") is a question a
// column of numbers and words asks, and is answered.
func equal(args ...any) (any, error) {
	a, b, op := args[0], args[1], args[2].(string)
	for _, x := range []any{a, b} {
		if u, ok := x.(*Unreadable); ok {
			return nil, u.error("value")
		}
	}
	_, aText := a.(string)
	_, bText := b.(string)
	if aText != bText {
		_, aNum := numberOf(a)
		_, bNum := numberOf(b)
		if aNum && bNum {
			never := "is never true"
			if op == "!=" {
				never = "is always true"
			}
			return nil, fmt.Errorf("compares a number with a text: %s %s %s %s (use num(x) or text(x) to compare them as numbers or as texts)",
				formatValue(a), op, formatValue(b), never)
		}
	}
	eq := runtime.Equal(a, b)
	if op == "!=" {
		return !eq, nil
	}
	return eq, nil
}

// fetch reads obj[prop] as expr does (lists, and any other value).
func fetch(obj, prop any, desc string) (v any, err error) {
	if obj == nil {
		return nil, fmt.Errorf("%s is nothing, so it has no %v", desc, prop)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s[%v]: %v", desc, prop, r)
		}
	}()
	return runtime.Fetch(obj, prop), nil
}

// note records a value read from a table cell or an engine constant.
func (a *access) note(m map[string]any, key string, v any) {
	switch v.(type) {
	case map[string]any, []any:
		return // on the way to a value
	}
	var o Origin
	if r, ok := a.rows[mapID(m)]; ok {
		o = Origin{Side: "wiki", Name: rowName(r.t, r.row) + " → " + key, Value: v}
		line := r.t.Source.Line
		if ci := r.t.Column(key); ci >= 0 && ci < len(r.t.Rows[r.row]) && r.pd != nil && r.pd.Doc != nil && r.t.Rows[r.row][ci].Pos > 0 {
			line = r.pd.Doc.Line(r.t.Rows[r.row][ci].Pos)
		}
		o.Where = wikiWhere(r.pd, line)
	} else if p, ok := a.g.Constants.pathOf(m); ok {
		path := joinPath(p, key)
		o = Origin{Side: "engine", Name: "engine." + path, Value: v, Where: a.g.Constants.Where(path)}
	} else {
		return
	}
	if id := o.Name + "\x00" + o.Where; !a.seen[id] {
		a.seen[id] = true
		a.used = append(a.used, o)
	}
}

// miss explains a name that is not there, with the nearest one.
func (a *access) miss(m map[string]any, key, desc string) error {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	near := suggest.DidYouMean(quoteAll(suggest.Nearest(key, keys, 3)))
	if a != nil {
		if a.noEngine != 0 && mapID(m) == a.noEngine {
			return fmt.Errorf("engine.%s: the spec has no engine: file, so there are no engine constants to read (give engine: FILE at the top of %s)", key, a.specFile)
		}
		if r, ok := a.rows[mapID(m)]; ok {
			return fmt.Errorf("table %s has no column %q%s; its columns are %s", r.t.ID, key, near, listOf(quoteAll(r.t.Columns)))
		}
		if p, ok := a.g.Constants.pathOf(m); ok {
			what := "engine"
			if p != "" {
				what = "engine." + p
			} else if hint := a.g.Constants.classHint(key); hint != "" {
				near = hint
			}
			return fmt.Errorf("%s has no %q%s (%s); it has %s", what, key, near, a.g.Constants.Where(p), listOf(quoteAll(keys)))
		}
	}
	return fmt.Errorf("%s has no %q%s; it has %s", desc, key, near, listOf(quoteAll(keys)))
}

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}

// listOf lists names, the first dozen of them.
func listOf(names []string) string {
	if len(names) == 0 {
		return "nothing"
	}
	if len(names) > 12 {
		return strings.Join(names[:12], ", ") + fmt.Sprintf(" and %d more", len(names)-12)
	}
	return strings.Join(names, ", ")
}

// rowName names a row by its key column, or by its first cell that is
// text (a row of a card list is "Blue", not its count), or its position.
func rowName(t *extract.Table, row int) string {
	r := t.Rows[row]
	text := func(ci int) string {
		if ci < 0 || ci >= len(r) {
			return ""
		}
		if _, isText := r[ci].Value.(string); !isText {
			return ""
		}
		return strings.TrimSpace(r[ci].Text)
	}
	if s := text(t.Column(t.Key)); s != "" {
		return s
	}
	for ci := range r {
		if s := text(ci); s != "" {
			return s
		}
	}
	return fmt.Sprintf("row %d", row+1)
}

// wikiWhere is "Page@revision:line".
func wikiWhere(pd *PageData, line int) string {
	if pd == nil {
		return ""
	}
	s := pd.Page.Title
	if pd.Rev != nil {
		s += "@" + model.FormatTime(pd.Rev.Timestamp)
	}
	if line > 0 {
		s += fmt.Sprintf(":%d", line)
	}
	return s
}
